// The list pages without the page cache (decision 067): a second app on the same database with
// PAGE_CACHE_MB=0, so every request reads, maps and serialises, measured beside the cached figures.
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db';

export async function startUncached(config: Config, database: DatabaseHandle) {
  const { app } = await buildApp({ ...config, pageCacheBytes: 0 }, { database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { address, server: app.server, close: () => app.close() };
}
