import { healthSchema } from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db';

export function registerHealthRoute(app: FastifyInstance, database: DatabaseHandle, version: string) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
      await sql`select 1`.execute(database.db);
      return {
        status: 'ok' as const,
        database: database.dialect,
        version,
        uptimeSeconds: Math.round(process.uptime()),
      };
    });
}
