// Stored avatars: one WebP object per upload under avatars/, named by a fresh UUID so the address
// changes with every upload (browsers and proxies may cache an address for ever and never show an
// old picture). The previous avatar object of the user is deleted once the new one is in place.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { MediaStore } from '../storage/media-store.port';

export const AVATAR_URL_PREFIX = '/prod-api/system/user/avatar/';
const AVATAR_FILE = /^[0-9a-f-]{36}\.webp$/;

export const avatarObjectName = (fileName: string) => `avatars/${fileName}`;

/** The stored file name of an avatar address this server made, or null (an outside address, none). */
export function avatarFileOf(url: string | null): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const fileName = url.slice(AVATAR_URL_PREFIX.length);
  return AVATAR_FILE.test(fileName) ? fileName : null;
}

export function isAvatarFileName(fileName: string): boolean {
  return AVATAR_FILE.test(fileName);
}

export async function replaceAvatar(
  deps: { db: Kysely<Database>; clock: Clock; store: MediaStore },
  userId: string,
  image: Buffer,
): Promise<string> {
  const { db, clock, store } = deps;
  const fileName = `${randomUUID()}.webp`;
  const stagingId = `avatar-${randomUUID()}`;
  await store.openStaging(stagingId);
  try {
    await store.writeAt(stagingId, 0, Readable.from([image]), image.length);
    await store.commit(stagingId, avatarObjectName(fileName));
  } catch (error) {
    await store.discardStaging(stagingId);
    throw error;
  }
  const url = `${AVATAR_URL_PREFIX}${fileName}`;
  // Compare-and-set on the old address, so two uploads at once each delete only what they replaced
  // and the one that lost the race removes its own file instead of leaving it behind.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
    if (!current) break;
    const swap = db.updateTable('users').set({ avatar: url, updated_at: clock.now().toISOString() }).where('id', '=', userId);
    const result = await (current.avatar === null ? swap.where('avatar', 'is', null) : swap.where('avatar', '=', current.avatar)).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      const previous = avatarFileOf(current.avatar);
      if (previous) await store.delete(avatarObjectName(previous));
      return url;
    }
  }
  await store.delete(avatarObjectName(fileName));
  throw new Error('avatar update kept losing to concurrent updates');
}
