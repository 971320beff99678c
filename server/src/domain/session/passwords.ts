// argon2id hashes (the @node-rs/argon2 default algorithm, checked by a test) for stored passwords.
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the account does not exist keeps the answer time the same, so the
// timing of a failed login does not reveal which addresses have accounts.
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hash('decoy-password-1');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
