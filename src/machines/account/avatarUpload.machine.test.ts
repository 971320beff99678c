import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AVATAR_SAVED_KEY, avatarUploadMachine, selectAvatarError, selectAvatarPreviewing, selectAvatarUrl, type AvatarEmitted } from './avatarUpload.machine';

function start(upload: (image: Blob) => Promise<{ url: string }>) {
  const uploaded: Blob[] = [];
  const emitted: AvatarEmitted[] = [];
  const cropped = new Blob(['square'], { type: 'image/png' });
  const actor = createActor(
    avatarUploadMachine.provide({
      actors: {
        cropSquare: fromPromise<Blob, { file: Blob }>(async () => cropped),
        uploadAvatar: fromPromise<{ url: string }, { image: Blob }>(({ input }) => (uploaded.push(input.image), upload(input.image))),
      },
    }),
    { input: { url: null } },
  );
  actor.on('*', (event) => emitted.push(event as AvatarEmitted));
  actor.start();
  return { actor, uploaded, emitted, cropped };
}

describe('avatarUpload machine', () => {
  it('refuses an SVG and a file over 2 MB before cropping or uploading', () => {
    const { actor, uploaded } = start(async () => ({ url: '/x' }));
    actor.send({ type: 'avatar.fileChosen', file: new Blob(['<svg><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }) });
    expect(selectAvatarError(actor.getSnapshot())).toEqual({ messageKey: 'profile:avatarType' });
    actor.send({ type: 'avatar.fileChosen', file: new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }) });
    expect(selectAvatarError(actor.getSnapshot())).toEqual({ messageKey: 'profile:avatarTooLarge' });
    actor.send({ type: 'avatar.fileChosen', file: new Blob(['MZ'], { type: 'application/x-msdownload' }) });
    expect(selectAvatarError(actor.getSnapshot())).toEqual({ messageKey: 'profile:avatarType' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(uploaded).toEqual([]);
  });

  it('shows the square crop, uploads it once confirmed and announces the new address', async () => {
    const url = '/prod-api/system/user/avatar/11111111-1111-1111-1111-111111111111.webp';
    const { actor, uploaded, emitted, cropped } = start(async () => ({ url }));
    actor.send({ type: 'avatar.fileChosen', file: new Blob(['png'], { type: 'image/png' }) });
    await waitFor(actor, (s) => s.matches('previewing'));
    expect(selectAvatarPreviewing(actor.getSnapshot())).toBe(true);
    expect(uploaded).toEqual([]);
    actor.send({ type: 'avatar.confirmed' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(uploaded).toEqual([cropped]);
    expect(selectAvatarUrl(actor.getSnapshot())).toBe(url);
    expect(emitted).toEqual([
      { type: 'notice', level: 'success', messageKey: AVATAR_SAVED_KEY },
      { type: 'avatar.changed', url },
    ]);
  });

  it('keeps the crop with the server refusal, so the user can cancel or choose again', async () => {
    const refusal = { kind: 'business', code: 400, message: 'The avatar image must be at most 2 MB' };
    const { actor } = start(async () => Promise.reject(refusal));
    actor.send({ type: 'avatar.fileChosen', file: new Blob(['png'], { type: 'image/jpeg' }) });
    await waitFor(actor, (s) => s.matches('previewing'));
    actor.send({ type: 'avatar.confirmed' });
    await waitFor(actor, (s) => s.matches('previewing') && s.context.errorMessage !== undefined);
    expect(selectAvatarError(actor.getSnapshot())).toEqual({ message: refusal.message });
    actor.send({ type: 'avatar.cancelled' });
    expect(actor.getSnapshot().context).toMatchObject({ chosen: null, cropped: null, url: null });
  });
});
