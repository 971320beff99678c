// One socket of a meeting: sends direct messages at once and stream messages in seq order, each at
// most once (anything at or below lastSentSeq is dropped), buffering the live ones while a resume is
// being answered. Finals are cut to the participant's subscribed language.
import type { WebSocket } from '@fastify/websocket';
import type { UserRow } from '../db/schema';
import type { ServerT } from '../i18n';
import type { LiveDirectMessage, LiveFinalSubtitle, LiveRole } from '../../../src/shared/contract/live-messages';
import type { StreamMessage } from './live-bus';
import { LiveSocketError } from './live-errors';

// A message is serialised and encoded once per variant (language cut, masked or not) on this
// instance, and every socket of that variant is sent the same bytes: a room of thousands then costs
// a frame header and a write per socket, not a JSON.stringify and a UTF-8 encoding each.
const serialized = new WeakMap<StreamMessage, Map<string, Buffer>>();

/** A prepared Buffer goes out as a text frame (ws sends Buffers as binary unless told). */
const AS_TEXT = { binary: false } as const;

/** What a non-host reader sees of a text (sensitive words masked); null: the text as it is. */
export type TextMask = (text: string) => string;

/** The UTF-8 JSON of `message` as this reader sees it, made once per variant and shared. */
function serializedFor(message: StreamMessage, language: string | null, mask: TextMask | null): Buffer {
  const cut = message.type === 'subtitle.final' && language ? language : '*';
  // One mask per meeting, so 'masked' plus the language names the variant.
  const masks = mask !== null && (message.type === 'subtitle.final' || message.type === 'subtitle.partial');
  const variant = masks ? `masked:${cut}` : cut;
  let byVariant = serialized.get(message);
  if (!byVariant) {
    byVariant = new Map();
    serialized.set(message, byVariant);
  }
  let bytes = byVariant.get(variant);
  if (bytes === undefined) {
    let shown: StreamMessage = message.type === 'subtitle.final' && cut !== '*' ? { ...cutFinal(message, cut), seq: message.seq } : message;
    if (masks) shown = maskSubtitle(shown, mask);
    bytes = Buffer.from(JSON.stringify(shown));
    byVariant.set(variant, bytes);
  }
  return bytes;
}

/** A final with only one language's translation (and translation error). */
function cutFinal(message: LiveFinalSubtitle, language: string): LiveFinalSubtitle {
  const only = (map: Record<string, string>) => (language in map ? { [language]: map[language]! } : {});
  const cut: LiveFinalSubtitle = { ...message, translations: only(message.translations ?? {}) };
  if (message.translationErrors) cut.translationErrors = only(message.translationErrors);
  return cut;
}

/** A subtitle with its text and translations masked. */
export function maskSubtitle<M extends StreamMessage | LiveFinalSubtitle>(message: M, mask: TextMask): M {
  if (message.type !== 'subtitle.final' && message.type !== 'subtitle.partial') return message;
  const masked = { ...message, text: mask(message.text) };
  if (masked.type === 'subtitle.final' && masked.translations) {
    masked.translations = Object.fromEntries(Object.entries(masked.translations).map(([language, text]) => [language, mask(text)]));
  }
  return masked;
}

export class LiveConnection {
  translationLanguage: string | null = null;
  /** Set for everyone but the host when the meeting has sensitive words. */
  mask: TextMask | null = null;
  lastSentSeq = 0;
  attached = false;
  private pending: StreamMessage[] | null = null;
  joinKey: string | null = null;
  /** The participant's join record (shared by their connections on every instance). */
  joinId: string | null = null;
  /** Resolves once the roster has counted this connection in (its close counts out after). */
  arrival: Promise<void> = Promise.resolve();
  /** The language this connection is counted as reading in the roster. */
  countedLanguage: string | null = null;
  /** How a participant came in: the share link, or the invitation whose code it holds (null: the host). */
  via: 'share' | 'invite' | null = null;
  inviteCode: string | null = null;
  /** A projection screen (it presented one of the meeting's cast codes): it reads subtitles but is
   *  not an audience member, so it has no join record and is not counted as a participant. */
  screen = false;

  constructor(
    readonly socket: WebSocket,
    readonly user: UserRow,
    readonly role: LiveRole,
    readonly t: ServerT,
    readonly clientId: string | null,
    /** How the host's list names this participant (the name given on joining, else the account's). */
    readonly displayName: string = '',
  ) {}

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  sendDirect(message: LiveDirectMessage): void {
    if (this.open) this.socket.send(JSON.stringify(message));
  }

  sendError(error: LiveSocketError, latestSeq: number): void {
    this.sendDirect({
      type: 'error',
      seq: latestSeq,
      code: error.code,
      msgKey: error.msgKey,
      msg: String(this.t(error.msgKey as never, error.params as never)),
      fatal: error.fatal,
    });
    if (error.fatal && this.open) this.socket.close(4000 + error.code, error.key);
  }

  /** Live delivery from the bus. */
  deliver(message: StreamMessage): void {
    if (this.pending) this.pending.push(message);
    else if (this.attached) this.sendStream(message);
  }

  sendStream(message: StreamMessage): void {
    if (message.seq <= this.lastSentSeq || !this.open) return;
    this.lastSentSeq = message.seq;
    this.socket.send(serializedFor(message, this.role === 'participant' ? this.translationLanguage : null, this.mask), AS_TEXT);
  }

  /** From here until endAttach, live messages wait so the replay goes first. */
  beginAttach(): void {
    this.attached = false;
    this.pending ??= [];
  }

  endAttach(): void {
    const waiting = this.pending ?? [];
    this.pending = null;
    this.attached = true;
    for (const message of waiting) this.sendStream(message);
  }
}
