// POST /speech/meeting/screenOperation (meetingsScreenOperation) — the host steers one cast screen by
// its code: pause, resume, its language and font size, disconnect. Checked.
import { fromPromise } from 'xstate';
import type { components } from '../schema';
import { unwrap } from '../errors';
import { api } from '../instance';

export type CastAction = components['schemas']['CastAction'];

export interface ScreenOperationRequest {
  meetingId: string;
  code: string;
  action: CastAction;
  /** style: a meeting translation language, or '' for the original only. */
  translationLanguage?: string;
  /** style: the screen's font size in px. */
  fontSize?: number;
}

export async function screenOperation(request: ScreenOperationRequest): Promise<void> {
  unwrap(await api.call((client, signal) => client.POST('/speech/meeting/screenOperation', { body: request, signal })));
}

export const screenOperationActor = fromPromise<void, ScreenOperationRequest>(({ input }) => screenOperation(input));
