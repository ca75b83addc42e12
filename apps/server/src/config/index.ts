/**
 * The server's configuration: every environment variable (env-schema.ts, one section file per area),
 * the Config it becomes (types.ts) and the reading with its cross-checks (load-config.ts).
 */
export { envSchema } from './env-schema';
export { unknownEnvWarnings } from './env-warnings';
export { ConfigError, isLoopbackHost, loadConfig } from './load-config';
export { fastifyTrustProxy, type TrustProxy, trustedPeer } from './trust-proxy';
export type { BillingConfig, Config, VoiceConfig } from './types';
