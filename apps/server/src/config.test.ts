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

describe('loadConfig: production settings checked at start', () => {
  const prod = () => ({ ...base(), NODE_ENV: 'production' });
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
