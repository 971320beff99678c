// The login form's "continue as visitor": the shared visitor-login operation on the app client,
// read as a sign-in form reads any auth answer.
import { requestVisitorLogin } from '../shared/visitor-login';
import { requireToken, toAuthResult } from './auth-answer';

export async function signInAsVisitor(signal?: AbortSignal) {
  return requireToken(toAuthResult(await requestVisitorLogin('app', signal)));
}
