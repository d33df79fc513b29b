import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function checkKey(key: Buffer) {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
}

/**
 * AES-256-GCM for secrets kept in the database (SSO client secrets): `v1.<iv>.<ciphertext>.<tag>`
 * in base64url, with `context` (the row it belongs to) bound as additional data so that a value
 * copied to another row does not decrypt. Sealed always under the current key; opened under the
 * current key or, while a key change is under way, the previous one (decision 0074).
 */
export class SecretBox {
  constructor(
    private readonly key: Buffer,
    private readonly previousKey?: Buffer,
  ) {
    checkKey(key);
    if (previousKey) checkKey(previousKey);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, data, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The plain text; throws when the value was sealed neither with this key nor the previous one, or for another context. */
  open(sealed: string, context: string): string {
    return this.openWithKey(sealed, context).plain;
  }

  /** The plain text and whether it was sealed under the previous key (so should be sealed again). */
  openWithKey(sealed: string, context: string): { plain: string; previous: boolean } {
    try {
      return { plain: openUnder(this.key, sealed, context), previous: false };
    } catch (err) {
      if (!this.previousKey) throw err;
      return { plain: openUnder(this.previousKey, sealed, context), previous: true };
    }
  }
}

function openUnder(key: Buffer, sealed: string, context: string): string {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || data === undefined || !tag) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
