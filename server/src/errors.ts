// A failure a handler or service reports on purpose: a catalogue code for the envelope and an
// i18n key (in the `server` namespace) for the translated message. HTTP status stays 200 for
// business errors, as the clients read the code from the body; only 401 and 400 change it.
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly httpStatus = 200,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, 'errors.unauthorized', {}, 401);
export const tooManyAttempts = () => new AppError(429, 'auth.tooManyAttempts');
