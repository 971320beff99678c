// POST /speech/audio/transcribe/addTranslation (recordsAddTranslation) — starts translating a record
// into another language. Checked; the task's own verdict sits inside a successful envelope.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import { SUCCESS_CODE } from '../middleware/envelope';

export async function addTranslation(id: string, translationLanguage: string): Promise<void> {
  const task = unwrap(
    await api.call((client, signal) => client.POST('/speech/audio/transcribe/addTranslation', { body: { id, translationLanguage }, signal })),
  );
  if (task && task.code !== SUCCESS_CODE) throw { code: task.code, message: task.msg };
}

export const addTranslationActor = fromPromise<void, { id: string; lang: string }>(({ input }) => addTranslation(input.id, input.lang));
