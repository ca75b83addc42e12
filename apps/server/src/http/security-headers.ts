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

/**
 * Strict CSP: no inline scripts, no third-party origins (nothing phones home) unless Vapi is
 * configured; with it helmet's other defaults (what @fastify/helmet sent before, decision 067), minus
 * Cross-Origin-Embedder-Policy, which would block the pictures users link to.
 */
export function securityHeaders(secure: boolean, options: { hostedVoice?: boolean } = {}) {
  const hosted = options.hostedVoice === true;
  const policy: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(hosted ? HOSTED_VOICE_ORIGINS.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    // 'self' covers same-origin ws: and wss: (CSP Level 3), so sockets reach only this server.
    ['connect-src', ["'self'", ...(hosted ? HOSTED_VOICE_ORIGINS.connect : [])]],
    ['media-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(secure ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ];
  return Object.freeze({
    'content-security-policy': policy.map(([name, sources]) => [name, ...sources].join(' ')).join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(secure ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * Every answer carries the same headers, built once here: helmet (through @fastify/helmet) built
 * its whole configuration again on every request, a measurable share of a cached list page.
 * A route may still set its own (uploads send a stricter CSP).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
  options: { hostedVoice?: boolean } = {},
) {
  const headers = securityHeaders(secure, options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
