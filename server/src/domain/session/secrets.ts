// Tokens and codes are stored only as SHA-256 hashes, so a copy of the database signs no one in.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '../../../../src/shared/contract/limits';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newNumericCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}
