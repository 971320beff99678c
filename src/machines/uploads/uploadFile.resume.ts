// Where an interrupted chunk upload is remembered, so choosing the same file again (after a dropped
// connection, a reload or from the restore banner) continues at the last chunk the server confirmed.
import type { UploadSession } from '../../streams/upload-progress$';

const STORAGE_KEY = 'parley.uploadSessions';
const MAX_SESSIONS = 5;

export interface FileIdentity {
  name: string;
  size: number;
  lastModified?: number;
}

export function fileKey(file: FileIdentity): string {
  return `${file.name}|${file.size}|${file.lastModified ?? 0}`;
}

type Stored = Record<string, UploadSession & { savedAt: number }>;

function readAll(storage: Storage | undefined): Stored {
  try {
    return JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') as Stored;
  } catch {
    return {};
  }
}

function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function loadUploadSession(file: FileIdentity, storage = defaultStorage()): UploadSession | null {
  const found = readAll(storage)[fileKey(file)];
  if (!found) return null;
  const { savedAt: _savedAt, ...session } = found;
  return session;
}

export function saveUploadSession(file: FileIdentity, session: UploadSession, storage = defaultStorage()): void {
  const all = readAll(storage);
  all[fileKey(file)] = { ...session, savedAt: Date.now() };
  // Only the newest few are worth keeping; the server forgets stale uploads anyway.
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_SESSIONS);
  storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(newest)));
}

export function forgetUploadSession(file: FileIdentity, storage = defaultStorage()): void {
  const all = readAll(storage);
  delete all[fileKey(file)];
  storage?.setItem(STORAGE_KEY, JSON.stringify(all));
}

export function hasStoredUploadSessions(storage = defaultStorage()): boolean {
  return Object.keys(readAll(storage)).length > 0;
}
