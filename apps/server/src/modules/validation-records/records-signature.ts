import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign, verify } from 'node:crypto';

/** What is signed: this prefix and the SHA-256 (hex) of the matrix's content (decision 0077). */
export const signedMessage = (sha256: string) => Buffer.from(`vellum-validation-records:v1:${sha256}`, 'utf8');

/** The PKCS #8 DER prefix of an Ed25519 private key whose 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface RecordsSigner {
  /** The public key (SPKI PEM) the signatures verify with. */
  publicKeyPem: string;
  /** Ed25519 signature (base64) of signedMessage(sha256). */
  sign(sha256: string): string;
}

/**
 * The Ed25519 key of the validation records, derived from the server's token secret by HKDF-SHA256
 * (so every process of an installation signs with the same key without another secret to keep);
 * its public key is printed on the page and in the PDF.
 */
export function recordsSigner(tokenSecret: string): RecordsSigner {
  const seed = Buffer.from(hkdfSync('sha256', tokenSecret, 'vellum', 'validation-records-ed25519', 32));
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, sign: (sha256) => sign(null, signedMessage(sha256), privateKey).toString('base64') };
}

/** Whether the signature is the key's over the hash (what a customer's check does with the public key). */
export function verifyRecords(publicKeyPem: string, sha256: string, signature: string): boolean {
  return verify(null, signedMessage(sha256), publicKeyPem, Buffer.from(signature, 'base64'));
}
