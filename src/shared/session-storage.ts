// The two pieces of state that outlive a page load: the sign-in token (cookie, so server-rendered
// links and other tabs see it) and the chosen locale (localStorage, per the spec's session rules).
import {
  LOCALES,
  LOCALE_STORAGE_KEY,
  TOKEN_COOKIE,
  TOKEN_COOKIE_DAYS,
  type Locale,
} from './contract/limits';
import { localeOfLanguageTag } from './contract/first-pages';

const DAY_MS = 24 * 60 * 60 * 1000;

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function readToken(): string | null {
  if (!hasDocument()) return null;
  const prefix = `${TOKEN_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      const value = decodeURIComponent(entry.slice(prefix.length));
      return value === '' ? null : value;
    }
  }
  return null;
}

export function writeToken(token: string): void {
  if (!hasDocument()) return;
  const expires = new Date(Date.now() + TOKEN_COOKIE_DAYS * DAY_MS).toUTCString();
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function clearToken(): void {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some privacy modes throw on access; the app then simply forgets the choice.
    return null;
  }
}

export function readStoredLocale(): string | null {
  return storage()?.getItem(LOCALE_STORAGE_KEY) ?? null;
}

export function writeStoredLocale(locale: Locale): void {
  storage()?.setItem(LOCALE_STORAGE_KEY, locale);
}

export function isLocale(value: string | null | undefined): value is Locale {
  return value != null && (LOCALES as readonly string[]).includes(value);
}

export function resolveLocale(stored: string | null, browserLanguage: string | undefined): Locale {
  return isLocale(stored) ? stored : localeOfLanguageTag(browserLanguage);
}

const PARTICIPANT_NAME_KEY = 'parley.participantName';

/** The name this device gave when it last joined a meeting (offered again on the join page). */
export function readParticipantName(): string | null {
  return storage()?.getItem(PARTICIPANT_NAME_KEY) ?? null;
}

export function writeParticipantName(name: string): void {
  if (name) storage()?.setItem(PARTICIPANT_NAME_KEY, name);
}

const CAST_CODE_KEY = 'parley.castCode';

/** The cast code this screen used last (the cast page offers it again: the saved address). */
export function readCastCode(): string | null {
  return storage()?.getItem(CAST_CODE_KEY) ?? null;
}

export function writeCastCode(code: string): void {
  storage()?.setItem(CAST_CODE_KEY, code);
}
