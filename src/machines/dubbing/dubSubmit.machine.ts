// Starting the dubbing of the uploaded files (features §4 'Dub submit'): idle → costCheck (the
// dubbing balance covers the videos' total length) → submitting (one transwrite per file) →
// started, or needsPurchase (92505000 / 92505001 / 92505003: the purchase dialog on the dubbing
// tab) or error, from which the user may submit again. Files already started are not sent twice.
import { assign, fromPromise, setup } from 'xstate';
import { DUB_ENTITLEMENT_CODES, DUB_RIGHTS_TYPE, DUB_SOURCE_TYPE } from '../../shared/contract/dub-limits';
import { dubbingAccountCostBefore } from '../../api/dubbing/dubbing-account-cost-before';
import { startDubbing, type DubForm, type DubStartFailure } from '../../api/dubbing/transwrite';
import type { DubFormValues } from './dub-form';
import { DUB_FORM_FIELD_NAMES, type DubFormField } from '../../shared/contract/dub-form';

export const ENTITLEMENT_CODES: readonly number[] = DUB_ENTITLEMENT_CODES;
export const BALANCE_SHORT_CODE = 92505000;
export const SUBMIT_FAILED_KEY = 'dubbing:submitFailed';

export interface DubSubmitFile {
  recordId: string;
  name: string;
  durationSeconds: number;
  srtFileType?: 1 | 2 | 3;
  srtUrl?: string;
}

export interface DubSubmitRequest {
  userId?: string;
  files: DubSubmitFile[];
  form: DubFormValues;
}

export type DubSubmitOutcome = 'started' | 'needsPurchase' | 'error';

export interface DubSubmitContext {
  request: DubSubmitRequest | null;
  startedIds: string[];
  failure: DubStartFailure | null;
  outcome: DubSubmitOutcome | null;
}

export type DubSubmitEvent = { type: 'submit'; request: DubSubmitRequest };

export function nameWithoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The transwrite body of one file: the form, the speaker flag worked out, the file's SRT. */
export function dubFormBody(form: DubFormValues, file: DubSubmitFile): DubForm {
  // Every described field goes as it is (they are named as the contract's DubForm names them).
  const fields = Object.fromEntries(DUB_FORM_FIELD_NAMES.map((field) => [field, form[field]])) as Pick<DubForm, DubFormField>;
  return {
    ids: [file.recordId],
    showName: nameWithoutExtension(file.name),
    ...fields,
    speaker: form.maxSpeakersAuto || form.maxSpeakers > 1 ? '1' : '0',
    ...(form.folderName ? { folderName: form.folderName } : {}),
    ...(file.srtUrl ? { srtUrl: file.srtUrl, srtFileType: file.srtFileType ?? 1 } : {}),
  };
}

export function totalDuration(files: readonly DubSubmitFile[]): number {
  return Math.ceil(files.reduce((sum, file) => sum + file.durationSeconds, 0));
}

/** Rejects with a DubStartFailure when the balance does not cover the videos. */
async function checkCost(request: DubSubmitRequest): Promise<void> {
  const result = await dubbingAccountCostBefore({
    ...(request.userId ? { userId: request.userId } : {}),
    rightsType: DUB_RIGHTS_TYPE,
    sourceType: DUB_SOURCE_TYPE,
    duration: totalDuration(request.files),
  });
  if (!result.ok) throw { code: result.error.code, message: result.error.message, messageKey: result.error.messageKey } satisfies DubStartFailure;
  if (result.data && !result.data.enough) throw { code: BALANCE_SHORT_CODE, messageKey: 'dubbing:balanceShort' } satisfies DubStartFailure;
}

/** One transwrite per file, in order; resolves with every started id, rejects with what failed. */
async function startEach(input: { request: DubSubmitRequest; alreadyStarted: string[] }): Promise<string[]> {
  const started = [...input.alreadyStarted];
  for (const file of input.request.files) {
    if (started.includes(file.recordId)) continue;
    try {
      await startDubbing(dubFormBody(input.request.form, file));
    } catch (failure) {
      throw { failure, started };
    }
    started.push(file.recordId);
  }
  return started;
}

export interface DubSubmitOutput {
  outcome: DubSubmitOutcome;
  startedIds: string[];
  failure: DubStartFailure | null;
}

export interface DubSubmitInput {
  /** Given: the check starts at once (the dialog's submit); else it waits for a submit event. */
  request?: DubSubmitRequest;
  /** Files a previous attempt already started: they are not sent again. */
  alreadyStarted?: string[];
}

export const dubSubmitMachine = setup({
  types: {
    input: {} as DubSubmitInput,
    context: {} as DubSubmitContext,
    events: {} as DubSubmitEvent,
    output: {} as DubSubmitOutput,
  },
  actors: {
    checkCost: fromPromise<void, DubSubmitRequest>(({ input }) => checkCost(input)),
    startEach: fromPromise<string[], { request: DubSubmitRequest; alreadyStarted: string[] }>(({ input }) => startEach(input)),
  },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
    entitlementRefusal: ({ context }) => context.failure?.code !== undefined && ENTITLEMENT_CODES.includes(context.failure.code),
  },
}).createMachine({
  id: 'dubSubmit',
  context: ({ input }) => ({ request: input?.request ?? null, startedIds: input?.alreadyStarted ?? [], failure: null, outcome: null }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasRequest', target: 'costCheck' },
      on: { submit: { target: 'costCheck', actions: assign({ request: ({ event }) => event.request, failure: null }) } },
    },
    costCheck: {
      invoke: {
        src: 'checkCost',
        id: 'checkCost',
        input: ({ context }) => context.request!,
        onDone: 'submitting',
        onError: { target: 'refused', actions: assign({ failure: ({ event }) => event.error as DubStartFailure }) },
      },
    },
    submitting: {
      invoke: {
        src: 'startEach',
        id: 'startEach',
        input: ({ context }) => ({ request: context.request!, alreadyStarted: context.startedIds }),
        onDone: { target: 'started', actions: assign({ startedIds: ({ event }) => event.output }) },
        onError: {
          target: 'refused',
          actions: assign(({ event }) => {
            const { failure, started } = event.error as { failure: DubStartFailure; started: string[] };
            return { failure, startedIds: started };
          }),
        },
      },
    },
    refused: {
      always: [{ guard: 'entitlementRefusal', target: 'needsPurchase' }, { target: 'error' }],
    },
    needsPurchase: { type: 'final', entry: assign({ outcome: 'needsPurchase' as const }) },
    error: { type: 'final', entry: assign({ outcome: 'error' as const }) },
    started: { type: 'final', entry: assign({ outcome: 'started' as const }) },
  },
  output: ({ context }) => ({ outcome: context.outcome ?? 'error', startedIds: context.startedIds, failure: context.failure }),
});
