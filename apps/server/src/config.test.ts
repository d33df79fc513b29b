import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'vellum-config-')) });

describe('loadConfig: PUBLIC_URL', () => {
  it('follows PORT when unset, so that mailed links point at the running instance', () => {
    expect(loadConfig(base()).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...base(), PORT: '8195' }).publicUrl).toBe('http://localhost:8195');
    // an empty variable counts as unset
    expect(loadConfig({ ...base(), PORT: '8195', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:8195');
  });

  it('is taken as given when set, without a trailing slash', () => {
    expect(loadConfig({ ...base(), PORT: '8195', PUBLIC_URL: 'https://ifu.example/' }).publicUrl).toBe('https://ifu.example');
  });
});

describe('loadConfig: SSO_SECRET_KEY', () => {
  it('is required in production, must be 32 bytes, and is generated into DATA_DIR otherwise', () => {
    const noKey = { ...base(), NODE_ENV: 'production', TOKEN_SECRET: 'k3J9xQ2mV7pL4wN8rT1yB6cF0hD5sG2aZ-u_E' };
    expect(() => loadConfig(noKey)).toThrow(/^SSO_SECRET_KEY is required in production/);
    expect(() => loadConfig({ ...noKey, SSO_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/^SSO_SECRET_KEY must be 32 bytes/);
    expect(() => loadConfig({ ...noKey, SSO_SECRET_KEY: '0'.repeat(64) })).toThrow(/^SSO_SECRET_KEY is weak/);
    const hex = 'a3f19c07be24d58e6f0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5';
    expect(loadConfig({ ...noKey, SSO_SECRET_KEY: hex }).ssoSecretKey.toString('hex')).toBe(hex);
    const dev = base();
    const generated = loadConfig(dev).ssoSecretKey;
    expect(generated).toHaveLength(32);
    expect(loadConfig(dev).ssoSecretKey.equals(generated)).toBe(true);
  });

  it('takes SSO_SECRET_KEY_PREVIOUS, checked as the key is', () => {
    const hex = 'a3f19c07be24d58e6f0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5';
    expect(loadConfig(base()).ssoSecretKeyPrevious).toBeUndefined();
    expect(loadConfig({ ...base(), SSO_SECRET_KEY_PREVIOUS: hex }).ssoSecretKeyPrevious?.toString('hex')).toBe(hex);
    expect(() => loadConfig({ ...base(), SSO_SECRET_KEY_PREVIOUS: 'c2hvcnQ=' })).toThrow(/^SSO_SECRET_KEY_PREVIOUS must be 32 bytes/);
  });
});

describe('loadConfig: production settings checked at start', () => {
  const ssoKey = 'q1XzV8b3N0c7K2m5L9p4R6t8W0y2A4d6F8h0J2k4M6o=';
  const prod = () => ({ ...base(), NODE_ENV: 'production', SSO_SECRET_KEY: ssoKey });
  const secret = 'k3J9xQ2mV7pL4wN8rT1yB6cF0hD5sG2aZ-u_E';

  it('refuses a missing or weak TOKEN_SECRET with a ConfigError naming it', () => {
    expect(() => loadConfig(prod())).toThrow(ConfigError);
    expect(() => loadConfig(prod())).toThrow(/^TOKEN_SECRET is required in production/);
    expect(() => loadConfig({ ...prod(), TOKEN_SECRET: '0'.repeat(48) })).toThrow(/^TOKEN_SECRET is weak/);
    expect(() => loadConfig({ ...prod(), TOKEN_SECRET: 'short-but-random-9f3K' })).toThrow(
      /TOKEN_SECRET String must contain at least 32|TOKEN_SECRET Too small/,
    );
    expect(loadConfig({ ...prod(), TOKEN_SECRET: secret }).tokenSecret).toBe(secret);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL, without repeating it', () => {
    for (const url of ['mysql://root:pw@db/x', 'postgres//db/x', 'db.example:5432', 'postgres://host name/x']) {
      expect(() => loadConfig({ ...prod(), TOKEN_SECRET: secret, DATABASE_URL: url })).toThrow(/DATABASE_URL must be postgres:\/\//);
    }
    expect(loadConfig({ ...prod(), TOKEN_SECRET: secret, DATABASE_URL: 'postgresql://u:p@db:5432/ifu?sslmode=require' }).databaseUrl).toBe(
      'postgresql://u:p@db:5432/ifu?sslmode=require',
    );
  });

  it('takes METRICS_TOKEN of at least 16 characters', () => {
    expect(loadConfig(base()).metricsToken).toBeUndefined();
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ ...base(), METRICS_TOKEN: 'a-long-metrics-token' }).metricsToken).toBe('a-long-metrics-token');
  });
});
