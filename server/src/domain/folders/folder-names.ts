// Folder names as the user sees them: sibling duplicates get ' (1)', ' (2)'…, and the default folder
// shows its custom name or, when it was never renamed, the translated default name.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { codePointLength } from '../records/display-name';

/** `name`, or the first free `name (n)`; the base is shortened when the suffix would pass `max`. */
export function uniqueSiblingName(name: string, siblingNames: Iterable<string>, max: number): string {
  const taken = new Set(siblingNames);
  if (!taken.has(name)) return name;
  for (let n = 1; ; n++) {
    const suffix = ` (${n})`;
    const room = max - codePointLength(suffix);
    const base = codePointLength(name) > room ? [...name].slice(0, room).join('').trimEnd() : name;
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function defaultFolderName(db: Kysely<Database>, userId: string, translatedDefault: string): Promise<string> {
  const row = await db.selectFrom('default_folder_names').select('name').where('user_id', '=', userId).executeTakeFirst();
  return row?.name ?? translatedDefault;
}

/** Names of the folders the given records sit in; the key null is the default folder. */
export async function folderNamesFor(
  db: Kysely<Database>,
  userId: string,
  folderIds: Array<string | null>,
  translatedDefault: string,
): Promise<Map<string | null, string>> {
  const names = new Map<string | null, string>();
  const ids = [...new Set(folderIds.filter((id): id is string => id !== null))];
  if (ids.length > 0) {
    const rows = await db.selectFrom('folders').select(['id', 'name']).where('user_id', '=', userId).where('id', 'in', ids).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  if (folderIds.includes(null)) names.set(null, await defaultFolderName(db, userId, translatedDefault));
  return names;
}
