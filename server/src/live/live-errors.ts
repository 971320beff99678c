// A refusal on the meeting socket: an HTTP-like code, a key of the `live` namespace (or another
// namespace when prefixed, e.g. engines:noAsr) and whether the connection ends with it.
export class LiveSocketError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fatal = false,
  ) {
    super(key);
    this.name = 'LiveSocketError';
  }

  /** The i18n key with its namespace. */
  get msgKey(): string {
    return this.key.includes(':') ? this.key : `live:${this.key}`;
  }
}
