// The remote adapters' single way to call a service: bearer key when configured, a time limit
// merged with the caller's AbortSignal, and failures turned into EngineError values that name the
// engine and the HTTP status (the record then says which service failed, not "fetch failed").
import { aborted, engineFailed, engineTimedOut } from './engine-errors';

export interface RequestOptions {
  engine: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function postToService(url: string, body: BodyInit, options: RequestOptions & { contentType?: string }): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = {};
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body, headers, signal });
  } catch (error) {
    if (options.signal?.aborted) throw aborted(options.engine);
    if (timeout.aborted) throw engineTimedOut(options.engine, Math.round(options.timeoutMs / 1000));
    throw engineFailed(options.engine, `${new URL(url).host}: ${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}`, undefined, error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw engineFailed(options.engine, `HTTP ${response.status} ${text}`.trim(), response.status);
  }
  return response;
}

export async function postJson<T>(url: string, payload: unknown, options: RequestOptions): Promise<T> {
  const response = await postToService(url, JSON.stringify(payload), { ...options, contentType: 'application/json' });
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw engineFailed(options.engine, 'answer is not JSON', response.status, error);
  }
}

/** The text of the first choice of an OpenAI-compatible chat completion. */
export async function chatCompletion(
  url: string,
  request: { model: string; system: string; user: string },
  options: RequestOptions,
): Promise<string> {
  const answer = await postJson<{ choices?: { message?: { content?: string | null } }[] }>(
    url,
    {
      model: request.model,
      // Translation and summaries should be repeatable, not creative.
      temperature: 0,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
    },
    options,
  );
  const content = answer.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw engineFailed(options.engine, 'chat answer has no choices[0].message.content');
  return content.trim();
}
