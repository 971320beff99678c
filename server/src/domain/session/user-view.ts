// The user info every client reads (id, name, avatar...); a visitor is reported with the name
// 'visitor', which the route guard uses to clear a guest's stored login.
import type { Kysely } from 'kysely';
import { VISITOR_NAME } from '../../../../src/shared/contract/limits';
import type { Database, UserRow } from '../../db/schema';

export function userInfo(user: UserRow, wechatBound: boolean) {
  return {
    id: user.id,
    name: user.is_visitor ? VISITOR_NAME : user.name,
    nickname: user.nickname,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    level: null,
    wechatBound,
    hasPassword: user.password_hash !== null,
  };
}

/** User info with wechatBound read from the user's bound identities (user_identities). */
export async function userInfoOf(db: Kysely<Database>, user: UserRow) {
  const wechat = await db.selectFrom('user_identities').select('id').where('user_id', '=', user.id).where('provider', '=', 'wechat').executeTakeFirst();
  return userInfo(user, wechat !== undefined);
}
