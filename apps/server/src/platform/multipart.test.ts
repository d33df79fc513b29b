import { access, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import multipartPlugin from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { multipart } from './images.fixtures.js';
import { withFilePartOnDisk } from './multipart.js';

const LIMIT = 1024;
const app = Fastify();
/** The paths each call handed to `use`, to see that they are gone afterwards. */
const seen: string[] = [];

beforeAll(async () => {
  await app.register(multipartPlugin);
  app.post<{ Querystring: { fail?: string } }>('/upload', async (req, reply) => {
    try {
      return await withFilePartOnDisk(req, 'file', LIMIT, async (path) => {
        seen.push(path);
        if (req.query.fail) throw new Error('use failed');
        return { text: (await readFile(path)).toString('utf8') };
      });
    } catch (err) {
      return reply.status(err instanceof AppError ? err.status : 500).send({ message: err instanceof AppError ? err.key : String(err) });
    }
  });
});
afterAll(() => app.close());

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('withFilePartOnDisk', () => {
  it('hands the whole file by its path and removes its folder afterwards', async () => {
    const body = multipart('file', 'a.zip', 'application/zip', Buffer.from('x'.repeat(LIMIT)));
    const res = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toBe('x'.repeat(LIMIT));
    const path = seen.at(-1) as string;
    expect(await exists(dirname(path))).toBe(false);
  });

  it('answers 413 past the limit without calling use', async () => {
    const before = seen.length;
    const body = multipart('file', 'a.zip', 'application/zip', Buffer.alloc(LIMIT + 1));
    const res = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('error.fileTooLarge');
    expect(seen.length).toBe(before);
  });

  it('removes the file when use fails', async () => {
    const body = multipart('file', 'a.zip', 'application/zip', Buffer.from('abc'));
    const res = await app.inject({ method: 'POST', url: '/upload?fail=1', ...body });
    expect(res.statusCode).toBe(500);
    expect(await exists(dirname(seen.at(-1) as string))).toBe(false);
  });

  it('answers 400 for a body without the field', async () => {
    const body = multipart('other', 'a.zip', 'application/zip', Buffer.from('abc'));
    const res = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(res.statusCode).toBe(400);
  });
});
