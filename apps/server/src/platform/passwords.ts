import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum recommended cost
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The hash of a random password nobody kept, with the same parameters as every stored hash: a
 * sign-in for an unknown user (or a user without a password) is verified against it, so that it
 * costs the same time as a wrong password of a real user. Fixed, so the first such request is not
 * slower either.
 */
export const DUMMY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$WN0vYz4QXttExViywrGjMw$I4dTU8VvvAzIctAdxKvVV0Ut9tcl7G4DZkkralKcuQ4';

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
