// Tables of accounts and signing in: users, their tokens and verification codes (0001), and the
// accounts of other providers bound to them with the sign-in requests in flight (0017).
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string | null;
  phone: string | null;
  name: string;
  nickname: string | null;
  avatar: string | null;
  password_hash: string | null;
  is_visitor: number;
  share_status: '0' | '1';
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface VerificationCodesTable {
  id: string;
  target: string;
  scene: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: Generated<number>;
}

/** A provider's account bound to a user (0017): Google `sub`, WeChat unionid (or openid). */
export interface UserIdentitiesTable {
  id: string;
  provider: 'google' | 'wechat';
  subject: string;
  user_id: string;
  email: string | null;
  display_name: string | null;
  created_at: string;
}

/** An authorization request in flight (0017), keyed by the hash of its state. */
export interface SocialSignInRequestsTable {
  state_hash: string;
  provider: 'google' | 'wechat';
  purpose: 'login' | 'bind';
  channel: 'oidc' | 'open' | 'mp';
  user_id: string | null;
  nonce: string | null;
  code_verifier: string | null;
  source: string | null;
  redirect: string | null;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  subject: string | null;
  profile: string | null;
  consumed_at: string | null;
}

/** The session tables as the Database names them (server/src/db/schema.ts composes them). */
export interface SessionTables {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  verification_codes: VerificationCodesTable;
  user_identities: UserIdentitiesTable;
  social_sign_in_requests: SocialSignInRequestsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type SocialSignInRequestRow = Selectable<SocialSignInRequestsTable>;
