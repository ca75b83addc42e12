import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from '../src/config';

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

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true (every hop) with a message that says what to set instead', () => {
    for (const all of ['true', 'TRUE', 'yes', 'on', '*', '0.0.0.0/0', '::/0']) {
      expect(() => loadConfig({ TRUST_PROXY: all })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: trusting every hop lets any client choose its own IP.*number of proxies.*\(usually 1\)/,
    );
  });

  it('refuses a malformed TRUST_PROXY naming the part it did not understand', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,nginx' })).toThrow(
      /TRUST_PROXY:.*not understood: nginx/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/0' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(
      /TRUST_PROXY: a hop count must be between 1 and 10/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('hands Fastify a hop count as a function that trusts exactly that many hops', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.7', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('refuses several instances or a production database without a shared AUTH_SECRET, and says how to make one', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://localhost:6379' })).toThrow(
      /AUTH_SECRET: required when REDIS_URL is set[\s\S]*randomBytes/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/notes', NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: required when DATABASE_URL is set in production/,
    );
    const secret = 's'.repeat(40);
    expect(loadConfig({ REDIS_URL: 'redis://localhost:6379', AUTH_SECRET: secret }).authSecret).toBe(secret);
    // One embedded instance keeps its generated secret.
    expect(loadConfig({ NODE_ENV: 'production' }).authSecret).toBeUndefined();
  });
});
