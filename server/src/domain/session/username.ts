// The server's username rule: the shared one plus libphonenumber's full check that the number can
// exist in its region (the browser only checks the E.164 shape to stay light).
// libphonenumber (its metadata) is loaded by the first check, or by warmUsernameRule a moment after
// the server listens, rather than at server start (bench/server-start.bench.ts): it is ~5% of the
// start's CPU and no request before the first sign-in needs it.
import { createRequire } from 'node:module';
import type { isValidPhoneNumber as IsValidPhoneNumber } from 'libphonenumber-js/min';
import { parseUsername as parseUsernameShape, type Username } from '../../../../src/shared/contract/credentials';

const require = createRequire(import.meta.url);
let phoneCheck: typeof IsValidPhoneNumber | null = null;

function phoneNumberCheck(): typeof IsValidPhoneNumber {
  phoneCheck ??= (require('libphonenumber-js/min') as { isValidPhoneNumber: typeof IsValidPhoneNumber }).isValidPhoneNumber;
  return phoneCheck;
}

/** Loads the phone number metadata now, so that the first sign-in does not wait for it. */
export function warmUsernameRule(): void {
  phoneNumberCheck();
}

export function parseUsername(raw: string): Username {
  return parseUsernameShape(raw, (e164) => phoneNumberCheck()(e164));
}
