// The user info every client reads (id, name, avatar...); a visitor is reported with the name
// 'visitor', which the route guard uses to clear a guest's stored login.
import { VISITOR_NAME } from '../../../../src/shared/contract/limits';
import type { UserRow } from '../../db/schema';

export function userInfo(user: UserRow) {
  return {
    id: user.id,
    name: user.is_visitor ? VISITOR_NAME : user.name,
    nickname: user.nickname,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    level: null,
  };
}
