// Which languages this server can really serve, read from the language lists the server answers
// (available / unavailableReason / setting per language, and per translation target the source
// languages an engine translates from). Pure, shared by the machines that pick defaults and the
// pickers that disable what cannot be chosen.

/** The engine behind a language, as the server names it (openapi ServingEngine). */
export interface ServingEngine {
  id: string;
  name: string;
  /** A server this deployment calls, rather than an engine embedded in Parley. */
  remote: boolean;
}

export interface ServedLanguage {
  code: string;
  name?: string;
  /** Absent on old answers: treated as available. */
  available?: boolean;
  unavailableReason?: string | null;
  setting?: string | null;
  /** Translation targets only: the languages an engine translates into this one from. */
  sources?: string[];
  /** Recognition and synthesis: the engine that serves it (absent when unavailable or on old answers). */
  engine?: ServingEngine;
  /** Translation targets only: the engine translating into it from each source. */
  sourceEngines?: Record<string, ServingEngine>;
}

/** Why a language cannot be chosen here, and the server setting that would enable it. */
export interface Unavailability {
  /** The server's translated explanation, when it gave one. */
  reason: string | null;
  setting: string | null;
}

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function unavailabilityOf(item: ServedLanguage | undefined): Unavailability | null {
  if (!item || item.available !== false) return null;
  return { reason: item.unavailableReason ?? null, setting: item.setting ?? null };
}

/**
 * A translation target seen from the spoken languages: unavailable when the server has no engine
 * into it, or none from one of `sources` (a target equal to a source needs no engine).
 */
export function targetUnavailability(item: ServedLanguage, sources: readonly string[]): Unavailability | null {
  const own = unavailabilityOf(item);
  if (own) return own;
  if (!item.sources) return null;
  const lacking = sources.some((source) => !sameCode(source, item.code) && !item.sources!.some((from) => sameCode(from, source)));
  return lacking ? { reason: null, setting: 'TRANSLATE_URL' } : null;
}

/** The preferred language when this server serves it, else the first it serves, else the preferred one. */
export function servedDefault(items: readonly ServedLanguage[], preferred: string): string {
  const wanted = items.find((item) => sameCode(item.code, preferred));
  if (wanted && !unavailabilityOf(wanted)) return wanted.code;
  if (!wanted && items.length === 0) return preferred;
  return items.find((item) => !unavailabilityOf(item))?.code ?? preferred;
}

/** The preferred translation target when served from `sources`, else the first served one other than the sources. */
export function servedTarget(items: readonly ServedLanguage[], preferred: string, sources: readonly string[]): string | null {
  const usable = items.filter((item) => !sources.some((source) => sameCode(source, item.code)) && !targetUnavailability(item, sources));
  return usable.find((item) => sameCode(item.code, preferred))?.code ?? usable[0]?.code ?? null;
}

/**
 * The engines that serve a language for the pickers to name: its own engine, or for a translation
 * target the engines from the given sources (every source when none is given), each engine once.
 */
export function servingEngines(item: ServedLanguage | undefined, sources?: readonly string[]): ServingEngine[] {
  if (!item || unavailabilityOf(item)) return [];
  if (item.engine) return [item.engine];
  const bySource = item.sourceEngines ?? {};
  const from = sources ? Object.keys(bySource).filter((code) => sources.some((source) => sameCode(source, code))) : Object.keys(bySource);
  const out = new Map<string, ServingEngine>();
  for (const code of from) out.set(bySource[code]!.id, bySource[code]!);
  return [...out.values()];
}
