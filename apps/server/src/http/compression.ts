import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * brotli or gzip for responses over 1 KB that the client accepts (decision 016): JSON lists and
 * search results, and any static file without a precompressed copy. Server-sent events
 * (text/event-stream) are left alone by the plugin's type filter so each event reaches the client as
 * it is written; WebSocket upgrades never pass through onSend. Brotli at quality 4: on the fly,
 * quality 11 costs more CPU than it saves bytes; hashed assets carry .br/.gz made at build time.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
