import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document of every zod-described route, browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: `${PRODUCT_NAME} API`, version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
