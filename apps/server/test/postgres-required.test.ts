import pg from 'pg';
import { describe, expect, it } from 'vitest';

// CI sets REQUIRE_POSTGRES=1 so a missing or unreachable PostgreSQL fails the run instead of
// silently skipping the PostgreSQL half of every suite.
describe.runIf(process.env.REQUIRE_POSTGRES === '1')('PostgreSQL suite is required', () => {
  it('TEST_DATABASE_URL is set and reachable', async () => {
    expect(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL').toBeTruthy();
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    const result = await client.query('select 1 as one');
    await client.end();
    expect(result.rows[0].one).toBe(1);
  });
});
