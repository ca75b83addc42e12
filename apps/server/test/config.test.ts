import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('defaults to the embedded setup on port 3000 with data under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.demoAccount).toBe(true);
  });

  it('fails fast with a message naming a malformed DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://host/db' })).toThrow(
      /DATABASE_URL: must be a PostgreSQL URL/,
    );
  });

  it('rejects a bad port, a short AUTH_SECRET and a malformed REDIS_URL', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
  });

  it('turns the demo account off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoAccount).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_ACCOUNT: 'true' }).demoAccount).toBe(true);
  });

  it('accepts a PostgreSQL URL and trusted origins', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      TRUSTED_ORIGINS: 'https://a.example.com/, https://b.example.com',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.trustedOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});
