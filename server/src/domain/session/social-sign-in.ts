// What a provider's word means for Parley accounts (issue 15 §2-§3): sign in the user an identity is
// bound to, or register one; link to an existing account by an e-mail address the provider VERIFIED,
// or by an address the person proves with a verification code; bind and unbind WeChat.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, SocialSignInRequestRow, UserRow } from '../../db/schema';
import { AppError, tooManyAttempts } from '../../errors';
import { consumeCode } from './codes';
import type { GoogleClaims } from './google-oidc';
import { bindIdentity, createProviderUser, findIdentity, unbindIdentity, type ProviderIdentity } from './identities';
import type { RateLimits } from './rate-limits';
import { consumeSocialRequest, invalidState } from './social-requests';
import { issueToken } from './tokens';
import { parseUsername } from './username';
import { findUserByAddress } from './users';

export interface SocialSignInDeps {
  db: Kysely<Database>;
  clock: Clock;
  rateLimits: RateLimits;
}

/** What the WeChat scan told us, kept on the request row between the callback and the poll. */
export interface WechatProfile {
  openid: string;
  nickname: string | null;
  headimgurl: string | null;
}

export function wechatProfileOf(row: SocialSignInRequestRow): WechatProfile | null {
  if (!row.completed_at || !row.subject || !row.profile) return null;
  return JSON.parse(row.profile) as WechatProfile;
}

function wechatIdentity(row: SocialSignInRequestRow): ProviderIdentity {
  const profile = wechatProfileOf(row);
  if (!profile || !row.subject) throw invalidState();
  return { provider: 'wechat', subject: row.subject, displayName: profile.nickname };
}

export function createSocialSignIn({ db, clock, rateLimits }: SocialSignInDeps) {
  async function signIn(user: UserRow): Promise<string> {
    if (user.is_visitor) throw new AppError(400, 'auth.socialStateInvalid');
    return issueToken(db, clock, user.id);
  }

  async function userById(id: string): Promise<UserRow> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  return {
    /**
     * Google: the bound user, else the account of the same e-mail when Google verified it, else a new
     * account (taking the e-mail only when verified, so an unverified claim never captures an address).
     */
    async signInWithGoogle(claims: GoogleClaims): Promise<string> {
      const identity: ProviderIdentity = { provider: 'google', subject: claims.subject, email: claims.email, displayName: claims.name };
      const bound = await findIdentity(db, 'google', claims.subject);
      if (bound) return signIn(await userById(bound.user_id));
      const parsed = claims.email ? parseUsername(claims.email) : null;
      const verifiedEmail = claims.emailVerified && parsed?.kind === 'email' ? parsed.value : null;
      if (verifiedEmail) {
        const existing = await findUserByAddress(db, { kind: 'email', value: verifiedEmail });
        if (existing) {
          await bindIdentity(db, clock, existing.id, identity);
          return signIn(existing);
        }
      }
      return signIn(await createProviderUser(db, clock, identity, verifiedEmail, claims.picture));
    },

    /** A completed WeChat login request: a token when the WeChat account is bound; null when it needs registering. */
    async signInWithWechat(row: SocialSignInRequestRow): Promise<string | null> {
      const identity = wechatIdentity(row);
      const bound = await findIdentity(db, 'wechat', identity.subject);
      if (!bound) return null;
      if (!(await consumeSocialRequest(db, clock, row))) throw invalidState();
      return signIn(await userById(bound.user_id));
    },

    /**
     * Registers the scanned WeChat account: with an address proven by a verification code it is linked
     * to that address's account (created when new); without one, a WeChat-only account is created.
     */
    async registerWithWechat(row: SocialSignInRequestRow, input: { username?: string; code?: string }, client: string): Promise<string> {
      const identity = wechatIdentity(row);
      const profile = wechatProfileOf(row);
      let address: { kind: 'email' | 'phone'; value: string } | null = null;
      if (input.username) {
        const parsed = parseUsername(input.username);
        if (parsed.kind === 'invalid') throw new AppError(400, 'auth.invalidUsername');
        if (!input.code) throw new AppError(400, 'auth.wrongCode');
        const reserved = await rateLimits.reserveCodeCheck(client);
        if (!reserved.ok) throw tooManyAttempts();
        if (!(await consumeCode(db, clock, parsed.value, ['login', 'register'], input.code))) throw new AppError(400, 'auth.wrongCode');
        await reserved.refund();
        address = parsed;
      }
      if (!(await consumeSocialRequest(db, clock, row))) throw invalidState();
      const bound = await findIdentity(db, 'wechat', identity.subject);
      if (bound) return signIn(await userById(bound.user_id));
      const existing = address ? await findUserByAddress(db, address) : null;
      if (existing) {
        await bindIdentity(db, clock, existing.id, identity);
        return signIn(existing);
      }
      const user = await createProviderUser(db, clock, identity, address?.kind === 'email' ? address.value : null, profile?.headimgurl ?? null);
      if (address?.kind === 'phone') {
        await db.updateTable('users').set({ phone: address.value }).where('id', '=', user.id).execute();
      }
      return signIn(user);
    },

    /** Binds the WeChat account of a completed bind request that this same user started. */
    async bindWechat(user: UserRow, row: SocialSignInRequestRow): Promise<void> {
      if (row.purpose !== 'bind' || row.user_id !== user.id) throw invalidState();
      const identity = wechatIdentity(row);
      if (!(await consumeSocialRequest(db, clock, row))) throw invalidState();
      await bindIdentity(db, clock, user.id, identity);
    },

    unbindWechat(user: UserRow): Promise<void> {
      return unbindIdentity(db, user, 'wechat');
    },
  };
}

export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
