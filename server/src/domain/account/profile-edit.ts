// Nickname, name, avatar address and the QR share switch of one's own account (features §2 Personal
// centre). Text is trimmed and checked here so the form and a direct caller get the same refusals.
import type { Kysely } from 'kysely';
import { VISITOR_NAME } from '../../../../src/shared/contract/limits';
import { NICKNAME_MAX, PROFILE_NAME_MAX } from '../../../../src/shared/contract/profile-limits';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../errors';

export interface ProfileChanges {
  id: string;
  nickname?: string;
  name?: string;
  avatar?: string;
  shareStatus?: '0' | '1';
}

// Control characters would break the header and the lists a name is shown in.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function cleanText(raw: string | undefined, field: 'nickname' | 'name', max: number): string | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (!text) throw new AppError(400, field === 'name' ? 'profile.nameRequired' : 'profile.nicknameRequired');
  if ([...text].length > max) throw new AppError(400, 'profile.textTooLong', { max });
  if (CONTROL.test(text)) throw new AppError(400, 'profile.textControl');
  return text;
}

export async function editProfile(db: Kysely<Database>, clock: Clock, user: UserRow, body: ProfileChanges | undefined): Promise<void> {
  if (!body) throw new AppError(400, 'errors.invalidRequest');
  // One's own info only (the QR switch and the profile send their own id); another id is refused, not ignored.
  if (body.id !== user.id) throw new AppError(403, 'vouchers:notOwnAccount');
  const nickname = cleanText(body.nickname, 'nickname', NICKNAME_MAX);
  const name = cleanText(body.name, 'name', PROFILE_NAME_MAX);
  // The route guard treats the name 'visitor' as a guest and signs them out: nobody may take it.
  if (name !== undefined && name.toLowerCase() === VISITOR_NAME) throw new AppError(400, 'profile.nameReserved');
  // An avatar is shown as an image address; only web addresses and site paths are stored.
  if (body.avatar !== undefined && body.avatar !== '' && !/^(https?:\/\/|\/)/i.test(body.avatar)) {
    throw new AppError(400, 'errors.invalidField', { field: 'avatar' });
  }
  const changes = {
    ...(body.shareStatus !== undefined ? { share_status: body.shareStatus } : {}),
    ...(nickname !== undefined ? { nickname } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(body.avatar !== undefined ? { avatar: body.avatar || null } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: clock.now().toISOString() })
    .where('id', '=', user.id)
    .execute();
}
