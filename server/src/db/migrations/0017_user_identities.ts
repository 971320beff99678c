// Social sign-in (issue 15 §2-§3): identities a provider vouches for (Google's `sub`, WeChat's unionid
// or openid), each bound to one user, and the short-lived authorization requests in flight (state,
// nonce, PKCE verifier, the WeChat scan's outcome). Requests live server-side so a state is spent once
// across every instance. Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('display_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_identities_provider_subject').on('user_identities').columns(['provider', 'subject']).unique().execute();
  // One identity per provider and user: binding a second WeChat account needs an unbind first.
  await db.schema.createIndex('user_identities_user_provider').on('user_identities').columns(['user_id', 'provider']).unique().execute();

  await db.schema
    .createTable('social_sign_in_requests')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    // 'login' | 'bind'; a bind request belongs to the signed-in user who started it.
    .addColumn('purpose', 'text', (c) => c.notNull())
    // WeChat: 'open' (QR from the Open Platform app) or 'mp' (inside WeChat, official-account app).
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text')
    .addColumn('source', 'text')
    .addColumn('redirect', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set once the provider's code was exchanged: who the provider says signed in.
    .addColumn('completed_at', 'text')
    .addColumn('subject', 'text')
    .addColumn('profile', 'text')
    // Set once the outcome was used (token issued, account bound): a state is never used twice.
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('social_sign_in_requests_expires').on('social_sign_in_requests').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_sign_in_requests').execute();
  await db.schema.dropTable('user_identities').execute();
}
