// POST /speech/audio/transcribe/retranslateLines (recordsRetranslateLines) — translates again the
// lines whose original text was edited after their translation was made (all, or the ones named).
// Checked; the task's own verdict sits inside a successful envelope, as for addTranslation.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import { SUCCESS_CODE } from '../middleware/envelope';

export async function retranslateLines(id: string, lineIds?: string[]): Promise<void> {
  const task = unwrap(
    await api.call((client, signal) =>
      client.POST('/speech/audio/transcribe/retranslateLines', { body: { id, ...(lineIds ? { lineIds } : {}) }, signal }),
    ),
  );
  if (task && task.code !== SUCCESS_CODE) throw { code: task.code, message: task.msg };
}

export const retranslateLinesActor = fromPromise<void, { id: string; lineIds?: string[] | undefined }>(({ input }) => retranslateLines(input.id, input.lineIds));
