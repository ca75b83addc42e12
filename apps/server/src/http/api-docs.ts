import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of every zod-described route (app.swagger(), used by tests), browsable at
 * /api/docs only when `serveDocs` (API_DOCS; off by default in production, where it would map the
 * attack surface for anyone).
 */
export async function registerApiDocs(app: FastifyInstance, serveDocs: boolean) {
  await app.register(swagger, {
    openapi: { info: { title: `${PRODUCT_NAME} API`, version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  if (serveDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
