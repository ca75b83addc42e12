import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the hosted voice mode (Vapi, only when VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID are set) needs:
 * Vapi's API, and Daily's WebRTC service that @vapi-ai/web runs the call on (its call bundle and
 * signalling). Without those settings the policy names no third-party origin.
 */
export const HOSTED_VOICE_ORIGINS = {
  connect: [
    'https://api.vapi.ai',
    'https://*.daily.co',
    'wss://*.daily.co',
    'https://*.wss.daily.co',
    'wss://*.wss.daily.co',
  ],
  script: ['https://c.daily.co'],
};

/** Strict CSP: no inline scripts, no third-party origins (nothing phones home) unless Vapi is configured. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
  options: { hostedVoice?: boolean } = {},
) {
  const hosted = options.hostedVoice === true;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(hosted ? HOSTED_VOICE_ORIGINS.script : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers same-origin ws: and wss: (CSP Level 3), so sockets reach only this server.
        connectSrc: ["'self'", ...(hosted ? HOSTED_VOICE_ORIGINS.connect : [])],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
