// Which chosen files the dub dialog takes (features §5 'Dub upload'): .mp4 only (the others are
// ignored with the format message), duplicate names refused, at most 5 files in the list.
import { DUB_MAX_FILES } from '../../shared/contract/dub-limits';
import { isMp4 } from './dubFile.machine';

export const FORMAT_ERROR_KEY = 'dubbing:formatError';
export const MAX_FILES_KEY = 'dubbing:maxFiles';
export const DUPLICATE_KEY = 'dubbing:duplicate';

export interface SelectionWarning {
  messageKey: string;
  params?: Record<string, string | number>;
}

export interface Screened<T> {
  accepted: T[];
  warnings: SelectionWarning[];
}

export function screenSelection<T extends { name: string }>(chosen: readonly T[], listed: readonly { name: string }[]): Screened<T> {
  const warnings: SelectionWarning[] = [];
  const tooMany = { messageKey: MAX_FILES_KEY, params: { count: DUB_MAX_FILES } };
  if (chosen.length > DUB_MAX_FILES) return { accepted: [], warnings: [tooMany] };
  const mp4 = chosen.filter((file) => isMp4(file.name));
  if (mp4.length < chosen.length) warnings.push({ messageKey: FORMAT_ERROR_KEY });
  const names = new Set(listed.map((file) => file.name));
  const accepted: T[] = [];
  let duplicate = false;
  for (const file of mp4) {
    if (names.has(file.name)) duplicate = true;
    else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  if (duplicate) warnings.push({ messageKey: DUPLICATE_KEY });
  if (listed.length + accepted.length > DUB_MAX_FILES) return { accepted: [], warnings: [...warnings, tooMany] };
  return { accepted, warnings };
}
