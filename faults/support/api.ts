import { request } from 'node:http';

/** A signed-in client of the API of the server on `port`. */
export interface Api {
  port: number;
  token: string;
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown; text: string }>;
}

export const DEMO_ADMIN = { username: 'admin@vellum.demo', password: 'Admin#2026' };

export async function signIn(port: number): Promise<Api> {
  const res = await fetch(`http://127.0.0.1:${port}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { id_token: string }).id_token;
  return {
    port,
    token,
    async call(method, path, body) {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: r.status, json, text };
    },
  };
}

/**
 * Uploads a generated PDF-like binary of `bytes` to `path` as multipart/form-data, streamed in 1 MB
 * chunks (never whole in memory); `onProgress` is told the bytes sent so far and may stop the
 * upload's sender (the test kills the server from there). Resolves with the status, or with the
 * error that cut the connection.
 */
export function uploadGenerated(
  api: Api,
  path: string,
  bytes: number,
  onProgress?: (sent: number) => void,
): Promise<{ status?: number; body?: string; error?: Error }> {
  const boundary = `----vellum-faults-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: api.port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
        res.on('error', (error) => resolve({ error }));
      },
    );
    req.on('error', (error) => resolve({ error }));
    let sent = 0;
    const write = () => {
      if (sent === 0) req.write(head);
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        onProgress?.(sent);
        if (req.destroyed) return;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', write);
          return;
        }
      }
      req.end(tail);
    };
    write();
  });
}
