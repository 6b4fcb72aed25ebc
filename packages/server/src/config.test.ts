import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/automate');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/automate/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      requestTimeoutSeconds: 60,
      trustProxy: false,
    });
  });

  it('listens on this machine only outside production, on every interface in production, or where HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    const secret = { APP_SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', ...secret }).host).toBe('10.0.0.5');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses to start in production with the test-only loopback allowance for web addresses', () => {
    const secret = { APP_SECRET_KEY: 'x'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', WEB_ADDRESS_TEST_LOOPBACK: 'true', ...secret })).toThrow(
      /WEB_ADDRESS_TEST_LOOPBACK: is for tests only and cannot be set in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).webAddressTestLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WEB_ADDRESS_TEST_LOOPBACK: 'true' }).webAddressTestLoopback).toBe(true);
  });

  it('trusts forwarded addresses only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://automate.example.com/' }, '/srv');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://automate.example.com');
  });

  it('lists every problem at once, by variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems[1]).toBe('DATABASE_URL: must be a postgres:// or postgresql:// connection URL');
    expect(problems[2]).toMatch(/^LOG_LEVEL: /);
    expect((caught as ConfigError).message).toContain('The configuration is not valid:\n  - PORT');
  });
});
