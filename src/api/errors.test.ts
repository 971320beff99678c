// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeError, isApiError, MISSING_DATA, required, unwrap } from './errors';

describe('describeError', () => {
  it("keeps the server's message and the code", () => {
    expect(describeError({ kind: 'business', code: 410, message: 'Link expired' }, 'x:fallback')).toEqual({
      errorMessage: 'Link expired',
      errorKey: undefined,
      errorCode: 410,
    });
  });

  it("uses the error's key, else the fallback, and the HTTP status when there is no code", () => {
    expect(describeError({ kind: 'transport', status: 502, messageKey: 'api:requestFailed' }, 'x:fallback')).toMatchObject({
      errorKey: 'api:requestFailed',
      errorCode: 502,
    });
    expect(describeError({ kind: 'business' }, 'x:fallback')).toMatchObject({ errorKey: 'x:fallback' });
  });

  it('never shows the text of an exception that is not an api error', () => {
    expect(isApiError(new Error('internal detail'))).toBe(false);
    expect(describeError(new Error('internal detail'), 'x:fallback')).toEqual({ errorKey: 'x:fallback', errorMessage: undefined, errorCode: undefined });
  });
});

describe('unwrap and required', () => {
  it('rejects with the ApiError, else gives the data', () => {
    expect(unwrap({ ok: true, data: 3 })).toBe(3);
    expect(() => unwrap({ ok: false, error: { kind: 'timeout' } })).toThrow(expect.objectContaining({ kind: 'timeout' }) as never);
  });

  it('treats a missing result as a failure', () => {
    expect(required('record')).toBe('record');
    expect(() => required(null)).toThrow(expect.objectContaining(MISSING_DATA) as never);
  });
});
