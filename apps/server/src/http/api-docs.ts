import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME, signInBodySchema, signUpBodySchema, signUpResponseSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The one error shape (http/errors.ts errorBody), as every 4xx/5xx answer carries it. */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable machine-readable code (ERROR_CODES)' },
        message: { type: 'string', description: 'A sentence for the user' },
        details: { description: 'Per-field issues of a VALIDATION_ERROR' },
      },
    },
  },
} as const;

/**
 * The OpenAPI document of every zod-described route (app.swagger(), used by tests), browsable at
 * /api/docs only when `serveDocs` (API_DOCS; off by default in production, where it would map the
 * attack surface for anyone). Every operation documents the error shape for 4XX/5XX, and routes
 * behind requireAuth/requireAccess name the session cookie as their security scheme.
 */
export async function registerApiDocs(app: FastifyInstance, serveDocs: boolean) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0' },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'notewise.session_token',
            description:
              'HttpOnly session cookie set by sign-up and sign-in (named __Secure-notewise.session_token when PUBLIC_URL is https)',
          },
        },
      },
    },
    // The product's better-auth endpoints sit behind one catch-all route; the two every client needs
    // are described here from the same zod contract the server checks them with.
    transformObject: (documentObject) => {
      const document =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      document.paths = { ...document.paths, ...authPaths() };
      return document;
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const hooks = [input.route.onRequest ?? []].flat();
      const signedIn = hooks.includes(app.requireAuth) || hooks.includes(app.requireAccess);
      const schema = (transformed.schema ?? {}) as Record<string, unknown>;
      const response = (schema.response ?? {}) as Record<string, unknown>;
      return {
        ...transformed,
        schema: {
          ...schema,
          response: {
            ...response,
            // A 204 has no body: `type: 'null'` makes the document list it without content.
            ...(response['204'] ? { '204': { type: 'null', description: 'No content' } } : {}),
            // Errors are JSON even where the success answer is a stream (produces: text/event-stream).
            '4XX': { description: 'Refused', content: { 'application/json': { schema: ERROR_SCHEMA } } },
            '5XX': {
              description:
                'Server error, or a part unavailable: database or file storage (503), disk full (507)',
              content: { 'application/json': { schema: ERROR_SCHEMA } },
            },
          },
          ...(signedIn ? { security: [{ sessionCookie: [] }] } : {}),
        },
      } as typeof transformed;
    },
  });
  if (serveDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** Response schema of a route that answers 204 with no body (so the document does not say 200). */
export const NO_CONTENT = { 204: z.void().describe('No content') };

function jsonBody(schema: z.ZodType) {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
  });
  return { 'application/json': { schema: jsonSchema } };
}

function authPaths() {
  const errors = {
    '4XX': { description: 'Refused', content: { 'application/json': { schema: ERROR_SCHEMA } } },
    '5XX': { description: 'Server error', content: { 'application/json': { schema: ERROR_SCHEMA } } },
  };
  const signedIn = {
    description: 'Signed in: the session is set as an HttpOnly cookie (never returned in the body)',
    content: jsonBody(signUpResponseSchema),
  };
  return {
    '/api/auth/sign-up/email': {
      post: {
        summary: 'Create an account (answered alike for a new and an existing email)',
        requestBody: { required: true, content: jsonBody(signUpBodySchema) },
        responses: { 200: signedIn, ...errors },
      },
    },
    '/api/auth/sign-in/email': {
      post: {
        summary: 'Sign in with email and password',
        requestBody: { required: true, content: jsonBody(signInBodySchema) },
        responses: { 200: signedIn, ...errors },
      },
    },
  };
}
