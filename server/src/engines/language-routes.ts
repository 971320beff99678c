// Per-language engine choices read from the environment, so a deployment keeps pocketsphinx for
// English and sends Chinese to a remote server. A setting's scope is the language tag in capitals
// with '_' (ASR_STREAM_URL_ZH_CN, TTS_URL_JA_JP; a primary tag like _ZH covers every region), a
// translation's is the pair or the target (TRANSLATE_URL_ZH_CN_TO_EN_US, TRANSLATE_URL_TO_EN_US).
// The value `embedded` pins the embedded engine for that scope even when a global URL is set.
import { primaryLanguage } from './languages';

export type Route<T> = T | 'embedded';
/** Scope key → route, e.g. { ZH_CN: {...}, EN: 'embedded' }. */
export type Routes<T> = Record<string, Route<T>>;

type Env = Record<string, string | undefined>;

export function scopeKey(tag: string): string {
  return tag.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** The scopes set for a setting name: ASR_URL_ZH_CN and ASR_URL_EN give ['ZH_CN', 'EN']. */
export function scopesOf(env: Env, name: string): string[] {
  const prefix = `${name}_`;
  return Object.keys(env).filter((key) => key.startsWith(prefix) && env[key]?.trim() && /^[A-Z0-9_]+$/.test(key.slice(prefix.length))).map((key) => key.slice(prefix.length));
}

/** The route for a language: full tag first, then its primary language. */
export function routeFor<T>(routes: Routes<T> | undefined, tag: string): Route<T> | undefined {
  if (!routes) return undefined;
  return routes[scopeKey(tag)] ?? routes[scopeKey(primaryLanguage(tag))];
}

/** The route for a pair: the pair, then the target language alone. */
export function pairRouteFor<T>(routes: Routes<T> | undefined, from: string, to: string): Route<T> | undefined {
  if (!routes) return undefined;
  for (const f of [scopeKey(from), scopeKey(primaryLanguage(from))]) {
    for (const t of [scopeKey(to), scopeKey(primaryLanguage(to))]) {
      const route = routes[`${f}_TO_${t}`];
      if (route) return route;
    }
  }
  return routes[`TO_${scopeKey(to)}`] ?? routes[`TO_${scopeKey(primaryLanguage(to))}`];
}

/** A scope back to a display tag for reports: ZH_CN → zh-CN, ZH → zh. */
export function tagOfScope(scope: string): string {
  const [language, ...rest] = scope.split('_');
  return [language!.toLowerCase(), ...rest].join('-');
}
