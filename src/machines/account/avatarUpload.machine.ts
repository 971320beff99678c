// Avatar upload (issue 15): a PNG, JPEG or WebP of at most 2 MB is chosen, cropped to a centred
// square in the browser and shown; the user confirms and the crop is uploaded. The server checks the
// type by content and crops again, so a file refused here is refused there too (and the other way).
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { uploadAvatarActor } from '../../api/account/user-avatar-upload';
import type { ErrorText } from '../../api/errors';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES } from '../../shared/contract/profile-limits';
import type { Notice } from '../notice';
import { failureNotice, failureOf, isQuietFailure, noError, shownError, successNotice } from './form-failure';
import { cropSquareActor } from './square-crop';

export interface AvatarUploadContext extends ErrorText {
  /** The avatar address the user has now. */
  url: string | null;
  chosen: Blob | null;
  cropped: Blob | null;
}

export type AvatarUploadEvent =
  | { type: 'avatar.fileChosen'; file: Blob }
  | { type: 'avatar.confirmed' }
  | { type: 'avatar.cancelled' };

export type AvatarEmitted = Notice | { type: 'avatar.changed'; url: string };

export const AVATAR_SAVED_KEY = 'profile:avatarSaved';
const ACCEPTED = AVATAR_ACCEPT.split(',');

export const avatarUploadMachine = setup({
  types: {
    context: {} as AvatarUploadContext,
    events: {} as AvatarUploadEvent,
    input: {} as { url: string | null },
    emitted: {} as AvatarEmitted,
  },
  actors: { cropSquare: cropSquareActor, uploadAvatar: uploadAvatarActor },
  guards: {
    wrongType: ({ event }) => event.type === 'avatar.fileChosen' && !ACCEPTED.includes(event.file.type),
    tooLarge: ({ event }) => event.type === 'avatar.fileChosen' && event.file.size > AVATAR_MAX_BYTES,
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'avatar.fileChosen' ? { chosen: event.file, cropped: null, ...noError } : {})),
    forget: assign({ chosen: null, cropped: null }),
    refuse: assign((_, params: { key: string }) => ({ chosen: null, cropped: null, errorKey: params.key, errorMessage: undefined, errorCode: undefined })),
    rememberFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    noticeFailure: emit(({ context }) => failureNotice(context)),
    noticeSaved: emit(() => successNotice(AVATAR_SAVED_KEY)),
    announce: emit(({ context }) => ({ type: 'avatar.changed' as const, url: context.url ?? '' })),
  },
}).createMachine({
  id: 'avatarUpload',
  context: ({ input }) => ({ url: input.url, chosen: null, cropped: null }),
  initial: 'idle',
  on: {
    'avatar.fileChosen': [
      { guard: 'wrongType', target: '.idle', actions: { type: 'refuse', params: { key: 'profile:avatarType' } } },
      { guard: 'tooLarge', target: '.idle', actions: { type: 'refuse', params: { key: 'profile:avatarTooLarge' } } },
      { target: '.cropping', actions: 'choose' },
    ],
  },
  states: {
    idle: {},
    cropping: {
      invoke: {
        id: 'cropSquare',
        src: 'cropSquare',
        input: ({ context }) => ({ file: context.chosen! }),
        onDone: { target: 'previewing', actions: assign({ cropped: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'refuse', params: { key: 'profile:avatarUnreadable' } } },
      },
    },
    previewing: {
      on: {
        'avatar.confirmed': 'uploading',
        'avatar.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    uploading: {
      // A new file chosen meanwhile is ignored: the upload in flight decides the avatar.
      on: { 'avatar.fileChosen': {} },
      invoke: {
        id: 'uploadAvatar',
        src: 'uploadAvatar',
        input: ({ context }) => ({ image: context.cropped! }),
        onDone: { target: 'idle', actions: [assign({ url: ({ event }) => event.output.url, chosen: null, cropped: null }), 'noticeSaved', 'announce'] },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'previewing' },
          { target: 'previewing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'] },
        ],
      },
    },
  },
});

type AvatarUploadSnapshot = SnapshotFrom<typeof avatarUploadMachine>;

export const selectAvatarUrl = (s: AvatarUploadSnapshot) => s.context.url;
export const selectAvatarCropped = (s: AvatarUploadSnapshot) => s.context.cropped;
export const selectAvatarBusy = (s: AvatarUploadSnapshot) => s.matches('cropping') || s.matches('uploading');
export const selectAvatarPreviewing = (s: AvatarUploadSnapshot) => s.matches('previewing') || s.matches('uploading');
export const selectAvatarError = (s: AvatarUploadSnapshot) => shownError(s.context);
