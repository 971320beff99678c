// The sign-in rules of the foundation issue: codes, password and code login, registration,
// password reset, visitor login and logout. Handlers translate; this file only decides.
import type { Kysely } from 'kysely';
import { checkPassword } from '../../../../src/shared/contract/credentials';
import { parseUsername } from './username';
import { VERIFICATION_CODE_TTL_SECONDS, VERIFICATION_RESEND_SECONDS } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { AppError, tooManyAttempts } from '../../errors';
import type { ServerT } from '../../i18n';
import type { Outbox } from '../mail/outbox';
import { consumeCode, issueCode, type CodeScene } from './codes';
import { verifyPassword } from './passwords';
import type { RateLimits } from './rate-limits';
import { issueToken, revokeAllTokens, revokeToken, userForToken } from './tokens';
import { createUser, createVisitor, findUserByAddress, setPassword, type AccountAddress } from './users';

// Business errors answer HTTP 200 with code 400 in the body (the client shows the message).
const invalidInput = (key: string) => new AppError(400, key);

function addressOf(username: string): AccountAddress {
  const parsed = parseUsername(username);
  if (parsed.kind === 'invalid') throw invalidInput('auth.invalidUsername');
  return parsed;
}

function assertPasswordRule(password: string): void {
  const problem = checkPassword(password);
  if (problem) throw invalidInput(`auth.${problem}`);
}

export interface AuthServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  rateLimits: RateLimits;
  outbox: Outbox;
}

export function createAuthService({ db, clock, rateLimits, outbox }: AuthServiceDeps) {
  return {
    async sendCode(username: string, scene: CodeScene, t: ServerT): Promise<{ resendAfterSeconds: number }> {
      const address = addressOf(username);
      if (!(await rateLimits.takeCodeSend(address.value))) throw tooManyAttempts();
      const user = await findUserByAddress(db, address);
      // Same answer either way, so this call cannot be used to learn which addresses have accounts.
      const shouldSend = scene === 'register' ? user === null : user !== null && user.is_visitor === 0;
      if (shouldSend) {
        const code = await issueCode(db, clock, address.value, scene);
        const delivered = await outbox.send({
          channel: address.kind === 'email' ? 'email' : 'sms',
          target: address.value,
          subject: t('auth.codeSubject'),
          body: t('auth.codeBody', { code, minutes: VERIFICATION_CODE_TTL_SECONDS / 60 }),
        });
        if (!delivered) throw new AppError(500, 'auth.mailDeliveryFailed');
      }
      return { resendAfterSeconds: VERIFICATION_RESEND_SECONDS };
    },

    async loginWithCode(input: { username: string; code: string; password?: string; name?: string }): Promise<string> {
      const address = addressOf(input.username);
      const existing = await findUserByAddress(db, address);
      if (!existing) {
        // Checked before the code is used, so a missing password does not waste the code.
        if (!input.password) throw invalidInput('auth.passwordRequired');
        assertPasswordRule(input.password);
      }
      if (!(await consumeCode(db, clock, address.value, ['login', 'register'], input.code))) {
        throw invalidInput('auth.wrongCode');
      }
      const user = existing ?? (await createUser(db, clock, address, input.password ?? '', input.name));
      return issueToken(db, clock, user.id);
    },

    async loginWithPassword(input: { username: string; password: string }): Promise<string> {
      const parsed = parseUsername(input.username);
      const account = parsed.kind === 'invalid' ? input.username.trim().toLowerCase() : parsed.value;
      if (await rateLimits.isLoginLocked(account)) throw tooManyAttempts();
      const user = parsed.kind === 'invalid' ? null : await findUserByAddress(db, parsed);
      const valid = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !valid) {
        await rateLimits.recordFailedLogin(account);
        throw invalidInput('auth.wrongCredentials');
      }
      return issueToken(db, clock, user.id);
    },

    async resetPassword(input: { username: string; code: string; password: string }, currentToken?: string): Promise<void> {
      const address = addressOf(input.username);
      assertPasswordRule(input.password);
      const user = await findUserByAddress(db, address);
      if (!user || !(await consumeCode(db, clock, address.value, ['reset'], input.code))) {
        throw invalidInput('auth.wrongCode');
      }
      await setPassword(db, clock, user.id, input.password);
      await revokeAllTokens(db, clock, user.id, currentToken);
    },

    async visitorLogin(): Promise<string> {
      const visitor = await createVisitor(db, clock);
      return issueToken(db, clock, visitor.id);
    },

    logout(token: string): Promise<void> {
      return revokeToken(db, clock, token);
    },

    authenticate(token: string): Promise<UserRow | null> {
      return userForToken(db, clock, token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
