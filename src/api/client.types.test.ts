// @vitest-environment node
// The result type of api.call comes from the contract, never from the caller. The type checks here
// run under `npm run typecheck` (tsc includes src); vitest runs the file so its calls really happen.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApi } from './client';
import type { components } from './schema';
import { fakeFetch, json } from './test-fetch';
import type { ApiResult, EnvelopeData } from './types';

type Schemas = components['schemas'];

function testApi(body: unknown) {
  return createApi({
    baseUrl: 'http://parley.test/prod-api',
    getToken: () => null,
    getLocale: () => 'en-US',
    fetch: fakeFetch(() => json(body)).fetch,
  });
}

describe('api.call result types', () => {
  it('reads the envelope data type from the generated paths', async () => {
    const api = testApi({ code: 200, msg: '', data: { token: 't' } });
    const result = await api.call((client, signal) => client.POST('/auth/visitorlogin', { body: {}, signal }));
    expectTypeOf(result).toEqualTypeOf<ApiResult<{ token: string } | null>>();
    expect(result).toEqual({ ok: true, data: { token: 't' }, code: 200, msg: '' });
  });

  it('gives a named contract schema where the answer names one', async () => {
    const api = testApi({ code: 200, msg: '', data: { transcribeLanguage: [], translation: [] } });
    const result = await api.call((client, signal) => client.GET('/speech/audio/selectLanguage', { signal }));
    expectTypeOf(result).toEqualTypeOf<ApiResult<Schemas['LanguageLists']>>();
    expect(result.ok).toBe(true);
  });

  it('gives the file itself for a call read as a blob', async () => {
    const api = testApi({ code: 200, msg: '', data: null });
    const result = await api.call((client, signal) =>
      client.GET('/speech/audio/transcribe/export', { params: { query: { idStr: '1' } }, parseAs: 'blob', signal }),
    );
    expectTypeOf(result).toEqualTypeOf<ApiResult<Blob>>();
  });

  it('refuses a caller-picked or a wrong result type', async () => {
    const api = testApi({ code: 200, msg: '', data: { id: 'u1', name: 'Ann' } });
    // @ts-expect-error the caller cannot name the result type any more (it was `call<T>`)
    await api.call<{ wrong: true }>((client, signal) => client.GET('/system/getClientInfo', { signal }));
    const result = await api.call((client, signal) => client.GET('/system/getClientInfo', { signal }));
    if (!result.ok) throw new Error('expected a success');
    // @ts-expect-error user info is not a meeting: the contract says what came back
    const meeting: Schemas['Meeting'] = result.data;
    expect(meeting).toEqual({ id: 'u1', name: 'Ann' });
  });
});

describe('EnvelopeData', () => {
  it('takes data out of an envelope, and an unenveloped body as it is', () => {
    type Answer<Body> = { data: Body; error?: never; response: Response } | { data?: never; error: unknown; response: Response };
    expectTypeOf<EnvelopeData<Answer<{ code: number; msg: string; data?: number[] }>>>().toEqualTypeOf<number[]>();
    expectTypeOf<EnvelopeData<Answer<{ code: number; msg: string; data?: unknown }>>>().toEqualTypeOf<unknown>();
    expectTypeOf<EnvelopeData<Answer<Blob>>>().toEqualTypeOf<Blob>();
  });
});
