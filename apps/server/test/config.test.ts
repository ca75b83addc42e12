import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('defaults to the embedded setup on port 3000 with data under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.apiDocs).toBe(true);
    expect(config.smtp).toBeUndefined();
  });

  it('creates the demo account only when asked for or when listening on loopback, and says why', () => {
    // The default HOST 0.0.0.0 is reachable from other machines: the published password must not be.
    expect(loadConfig({})).toMatchObject({
      demoAccount: false,
      demoAccountReason: expect.stringContaining('HOST 0.0.0.0 is reachable from other machines'),
    });
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ HOST: host }).demoAccount, host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'notes.example.com', '128.0.0.1']) {
      expect(loadConfig({ HOST: host }).demoAccount, host).toBe(false);
    }
    expect(loadConfig({ HOST: '127.0.0.1' }).demoAccountReason).toBe('HOST 127.0.0.1 is a loopback address');
    expect(loadConfig({ DEMO_ACCOUNT: 'true' })).toMatchObject({
      demoAccount: true,
      demoAccountReason: 'DEMO_ACCOUNT=true',
    });
    expect(loadConfig({ HOST: '127.0.0.1', DEMO_ACCOUNT: 'false' }).demoAccount).toBe(false);
  });

  it('serves /api/docs except in production unless API_DOCS=true', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('takes SMTP_URL with SMTP_FROM, and names what is wrong otherwise', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtp://user:pw@127.0.0.1:2525', SMTP_FROM: 'Notewise <notes@example.com>' })
        .smtp,
    ).toEqual({ url: 'smtp://user:pw@127.0.0.1:2525', from: 'Notewise <notes@example.com>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      /SMTP_FROM: required with SMTP_URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com', SMTP_FROM: 'x@example.com' })).toThrow(
      /SMTP_URL: must be an SMTP URL/,
    );
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
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).demoAccount).toBe(false);
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
