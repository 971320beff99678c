// Path model of the avatar form. Files are small Blobs: a PNG, an SVG (refused by type), a 3 MB
// JPEG (refused by size), a WebP the crop double cannot read, a PNG whose upload the server
// refuses and one whose upload is cancelled (the page left). The upload double accepts any other crop.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { avatarUploadMachine, type AvatarUploadContext } from './avatarUpload.machine';

const png = new Blob(['png'], { type: 'image/png' });
const svg = new Blob(['<svg><script>alert(1)</script></svg>'], { type: 'image/svg+xml' });
const bigJpeg = new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/jpeg' });
const unreadable = new Blob(['broken'], { type: 'image/webp' });
const refusedByServer = new Blob(['server says no'], { type: 'image/png' });
const abandoned = new Blob(['page left'], { type: 'image/png' });
const croppedOf = (file: Blob) => new Blob([file === refusedByServer ? 'refuse' : file === abandoned ? 'cancel' : 'crop'], { type: 'image/png' });

const REFUSED = { kind: 'business', code: 400, message: 'The avatar must be a PNG, JPEG or WebP image' };
const CANCELLED = { kind: 'cancelled' };
const uploadErrorOf = (snapshot: AnyMachineSnapshot) => {
  const chosen = (snapshot.context as AvatarUploadContext).chosen;
  return chosen === refusedByServer ? REFUSED : chosen === abandoned ? CANCELLED : null;
};
const uploadFails = (snapshot: AnyMachineSnapshot) => uploadErrorOf(snapshot) !== null;
const cropFails = (snapshot: AnyMachineSnapshot) => (snapshot.context as AvatarUploadContext).chosen === unreadable;
const names = new Map<Blob | null, string>([
  [png, 'png'],
  [svg, 'svg'],
  [bigJpeg, 'bigJpeg'],
  [unreadable, 'unreadable'],
  [refusedByServer, 'refusedByServer'],
  [abandoned, 'abandoned'],
  [null, 'none'],
]);
const URL = '/prod-api/system/user/avatar/00000000-0000-0000-0000-000000000000.webp';

export const pathsModel: PathsModel = {
  name: 'avatarUpload',
  machine: avatarUploadMachine.provide({
    actors: {
      cropSquare: fromPromise<Blob, { file: Blob }>(async ({ input }) => {
        if (input.file === unreadable) throw new Error('cannot decode');
        return croppedOf(input.file);
      }),
      uploadAvatar: fromPromise<{ url: string }, { image: Blob }>(async ({ input }) => {
        const text = await input.image.text();
        if (text === 'refuse') throw REFUSED;
        if (text === 'cancel') throw CANCELLED;
        return { url: URL };
      }),
    },
  }),
  input: { url: null },
  events: {
    // The name makes each sample distinct where events are compared as JSON (a Blob serialises as {}).
    'avatar.fileChosen': [png, svg, bigJpeg, unreadable, refusedByServer, abandoned].map((file) => ({ type: 'avatar.fileChosen', file, name: names.get(file) })),
    'xstate.done.actor.cropSquare': (snapshot) => {
      const chosen = (snapshot.context as AvatarUploadContext).chosen;
      return cropFails(snapshot) || !chosen ? [] : [{ type: 'xstate.done.actor.cropSquare', output: croppedOf(chosen) }];
    },
    'xstate.error.actor.cropSquare': (snapshot) => (cropFails(snapshot) ? [{ type: 'xstate.error.actor.cropSquare', error: new Error('cannot decode') }] : []),
    'xstate.done.actor.uploadAvatar': (snapshot) => (uploadFails(snapshot) ? [] : [{ type: 'xstate.done.actor.uploadAvatar', output: { url: URL } }]),
    'xstate.error.actor.uploadAvatar': (snapshot) => (uploadFails(snapshot) ? [{ type: 'xstate.error.actor.uploadAvatar', error: uploadErrorOf(snapshot) }] : []),
  },
  serializeContext: (context: AvatarUploadContext) => ({
    url: context.url,
    chosen: names.get(context.chosen) ?? 'other',
    cropped: context.cropped !== null,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
  skipSimplePaths: true,
};
