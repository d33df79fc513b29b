import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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
