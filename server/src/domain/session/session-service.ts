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
import { matchCode, issueCode, spendCode, type CodeScene } from './codes';
import { verifyPassword } from './passwords';
import type { RateLimits } from './rate-limits';
import { issueToken, revokeAllTokens, revokeToken, userForToken } from './tokens';
import { createUser, createVisitor, findUserByAddress, setPassword, type AccountAddress } from './users';

// Business errors answer HTTP 200 with code 400 in the body (the client shows the message).
const invalidInput = (key: string) => new AppError(400, key);
// Same catalogue code as 'too many attempts' (clients already handle it), with a message that says the way in.
const codeChallenge = () => new AppError(429, 'auth.codeChallenge');

function addressOf(username: string): AccountAddress {
  const parsed = parseUsername(username);
  if (parsed.kind === 'invalid') throw invalidInput('auth.invalidUsername');
  return parsed;
}

function assertPasswordRule(password: string): void {
  const problem = checkPassword(password);
  if (problem) throw invalidInput(`auth.${problem}`);
}

export interface SessionServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  rateLimits: RateLimits;
  outbox: Outbox;
}

export function createSessionService({ db, clock, rateLimits, outbox }: SessionServiceDeps) {
  /**
   * One code check, reserved per client before it runs; the code itself burns after a few wrong
   * guesses. Returns the matched code's id, not yet used up (see spendCheckedCode).
   */
  async function matchOrRefuse(client: string, target: string, scenes: CodeScene[], code: string): Promise<string> {
    const reserved = await rateLimits.reserveCodeCheck(client);
    if (!reserved.ok) throw tooManyAttempts();
    const id = await matchCode(db, clock, target, scenes, code);
    if (id === null) throw invalidInput('auth.wrongCode');
    await reserved.refund();
    return id;
  }

  async function spendCheckedCode(id: string): Promise<void> {
    // Another request used the same code in between: to this one it is as good as wrong.
    if (!(await spendCode(db, clock, id))) throw invalidInput('auth.wrongCode');
  }

  async function checkCode(client: string, target: string, scenes: CodeScene[], code: string): Promise<void> {
    await spendCheckedCode(await matchOrRefuse(client, target, scenes, code));
  }

  return {
    async sendCode(username: string, scene: CodeScene, t: ServerT, client: string): Promise<{ resendAfterSeconds: number }> {
      const address = addressOf(username);
      if (!(await rateLimits.takeCodeSend(address.value, client))) throw tooManyAttempts();
      const user = await findUserByAddress(db, address);
      // Same answer either way, so this call cannot be used to learn which addresses have accounts.
      // A bind code goes only to an address no account uses yet (binding refuses a taken one anyway).
      const shouldSend = scene === 'register' || scene === 'bind' ? user === null : user !== null && user.is_visitor === 0;
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

    /** The way in for an owner whose account is under a password-guessing attack (see loginWithPassword). */
    async loginWithCode(input: { username: string; code: string; password?: string; name?: string }, client: string): Promise<string> {
      const address = addressOf(input.username);
      const existing = await findUserByAddress(db, address);
      // The code first (a wrong code is the answer whatever else is missing, issue 29); it is used up
      // only once the password is valid too, so a missing password does not waste a right code.
      const codeId = await matchOrRefuse(client, address.value, ['login', 'register'], input.code);
      if (!existing) {
        if (!input.password) throw invalidInput('auth.passwordRequired');
        assertPasswordRule(input.password);
      }
      await spendCheckedCode(codeId);
      const user = existing ?? (await createUser(db, clock, address, input.password ?? '', input.name));
      // The owner proved they hold the mailbox or phone: a stranger's wrong passwords no longer hold them back.
      await rateLimits.clearLogin(address.value);
      return issueToken(db, clock, user.id);
    },

    /**
     * The attempt is reserved (per account and per client address) before the slow hash, so no burst
     * gets more than the hourly allowance evaluated. When the account's allowance is used up, the
     * answer is a code challenge rather than a blind lock: the owner signs in with a verification code
     * (loginWithCode), which also clears the count, so a stranger cannot lock anyone out.
     */
    async loginWithPassword(input: { username: string; password: string }, client: string): Promise<string> {
      const parsed = parseUsername(input.username);
      const account = parsed.kind === 'invalid' ? input.username.trim().toLowerCase() : parsed.value;
      const reserved = await rateLimits.reserveLogin(account, client);
      if (!reserved.ok) throw reserved.refusedBy === 'target' ? codeChallenge() : tooManyAttempts();
      const user = parsed.kind === 'invalid' ? null : await findUserByAddress(db, parsed);
      const valid = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !valid) throw invalidInput('auth.wrongCredentials');
      await reserved.refund();
      return issueToken(db, clock, user.id);
    },

    async resetPassword(input: { username: string; code: string; password: string }, client: string, currentToken?: string): Promise<void> {
      const address = addressOf(input.username);
      assertPasswordRule(input.password);
      const user = await findUserByAddress(db, address);
      if (!user) throw invalidInput('auth.wrongCode');
      await checkCode(client, address.value, ['reset'], input.code);
      await setPassword(db, clock, user.id, input.password);
      await rateLimits.clearLogin(address.value);
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

export type SessionService = ReturnType<typeof createSessionService>;
