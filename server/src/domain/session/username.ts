// The server's username rule: the shared one plus libphonenumber's full check that the number can
// exist in its region (the browser only checks the E.164 shape to stay light).
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { parseUsername as parseUsernameShape, type Username } from '../../../../src/shared/contract/credentials';

export function parseUsername(raw: string): Username {
  return parseUsernameShape(raw, (e164) => isValidPhoneNumber(e164));
}
