// The restore banner of the record list (platform §2, §4 'Restore'): when the newest record is in a
// transcribed state and the server reports the user's last upload as interrupted, offer to restore
// it and its settings. Nothing interrupted, no banner: every finished upload used to look interrupted.
// checking → offering | hidden; offering → restored (the route opens the dialog) | hidden.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { fetchLatestRecord } from '../../api/uploads/get-latest-trans';
import type { InterruptedUploadInfo, RestoreSettings } from './uploadDialog.machine';

export const TRANSCRIBED_STATES: readonly string[] = ['transcription_completed', 'translation_completed'];
const DISMISSED_KEY = 'parley.restoreDismissed';

export interface LatestRecord {
  id: string;
  state: string;
  showName?: string;
  languages?: string[];
  targetLanguages?: string[];
  speaker?: string | null;
  folderId?: string | null;
  folderName?: string | null;
  createTime?: string;
  interruptedUpload?: InterruptedUploadInfo | null;
  uploadSettings?: {
    audioLanguage: string;
    translationLanguage?: string | null;
    speaker: '0' | '1';
    maxSpeakers: number;
    folderId?: string | null;
  } | null;
}

export interface RestoreOffer {
  key: string;
  settings: RestoreSettings;
  interrupted: InterruptedUploadInfo | null;
}

function speakerOf(json: string | null | undefined): { enabled: boolean; maxSpeakers?: number } {
  try {
    const parsed = JSON.parse(json ?? '') as { enabled?: unknown; maxSpeakers?: unknown };
    return { enabled: parsed.enabled === true, ...(typeof parsed.maxSpeakers === 'number' ? { maxSpeakers: parsed.maxSpeakers } : {}) };
  } catch {
    return { enabled: false };
  }
}

/** The form the banner restores: the server's remembered form, else what the newest record shows. */
export function settingsFrom(latest: LatestRecord): RestoreSettings {
  const saved = latest.uploadSettings;
  if (saved) {
    return {
      audioLanguage: saved.audioLanguage,
      translationLanguage: saved.translationLanguage ?? null,
      speaker: saved.speaker === '1',
      maxSpeakers: saved.maxSpeakers,
      ...(saved.folderId ? { folderId: saved.folderId } : {}),
    };
  }
  const speaker = speakerOf(latest.speaker);
  return {
    ...(latest.languages?.[0] ? { audioLanguage: latest.languages[0] } : {}),
    translationLanguage: latest.targetLanguages?.[0] ?? null,
    speaker: speaker.enabled,
    ...(speaker.maxSpeakers ? { maxSpeakers: speaker.maxSpeakers } : {}),
    ...(latest.folderId ? { folderId: latest.folderId } : {}),
    ...(latest.folderName ? { folderName: latest.folderName } : {}),
  };
}

export function offerFor(latest: LatestRecord | null, dismissedKey: string | null): RestoreOffer | null {
  if (!latest || !TRANSCRIBED_STATES.includes(latest.state) || !latest.interruptedUpload) return null;
  const key = `${latest.id}|${latest.interruptedUpload.createTime ?? ''}`;
  if (key === dismissedKey) return null;
  return { key, settings: settingsFrom(latest), interrupted: latest.interruptedUpload };
}

function readDismissed(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(DISMISSED_KEY);
}

export const restoreUploadMachine = setup({
  types: {
    context: {} as { offer: RestoreOffer | null },
    events: {} as { type: 'restore.check' } | { type: 'restore.accept' } | { type: 'restore.dismiss' },
    emitted: {} as { type: 'restore.open'; offer: RestoreOffer },
  },
  actors: {
    // The banner's view of the newest record (LatestRecord) is narrower than the contract's.
    fetchLatest: fromPromise<LatestRecord | null>(() => fetchLatestRecord()),
  },
  actions: {
    // Not offered again for the same record and interrupted upload once the user said no.
    rememberDismissal: ({ context }) => {
      if (context.offer && typeof localStorage !== 'undefined') localStorage.setItem(DISMISSED_KEY, context.offer.key);
    },
  },
}).createMachine({
  id: 'restoreUpload',
  context: { offer: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'fetchLatest',
        id: 'fetchLatest',
        onDone: [
          {
            guard: ({ event }) => offerFor(event.output, readDismissed()) !== null,
            target: 'offering',
            actions: assign({ offer: ({ event }) => offerFor(event.output, readDismissed()) }),
          },
          { target: 'hidden' },
        ],
        onError: 'hidden',
      },
    },
    offering: {
      on: {
        'restore.accept': {
          target: 'hidden',
          actions: [emit(({ context }) => ({ type: 'restore.open' as const, offer: context.offer! })), 'rememberDismissal'],
        },
        'restore.dismiss': { target: 'hidden', actions: 'rememberDismissal' },
      },
    },
    hidden: {
      on: { 'restore.check': 'checking' },
    },
  },
});

/** The interrupted upload offered for restoring, while the banner offers it. */
export const selectOffer = (snapshot: SnapshotFrom<typeof restoreUploadMachine>) => (snapshot.matches('offering') ? snapshot.context.offer : null);
