// POST /system/user/avatar (systemUserAvatarUpload) — uploads the cropped avatar; the server checks
// the type by content, crops, resizes and answers the new address. Silent: the avatar form shows the
// refusal itself. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { MISSING_DATA, unwrap } from '../errors';
import { api } from '../instance';

export async function uploadAvatar(image: Blob, signal?: AbortSignal): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', image, 'avatar.png');
  const data = unwrap(
    await api.call(
      // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
      (client, s) => client.POST('/system/user/avatar', { body: form as never, signal: s }),
      { silent: true, ...(signal ? { signal } : {}) },
    ),
  );
  if (!data?.url) throw MISSING_DATA;
  return { url: data.url };
}

export const uploadAvatarActor = fromPromise<{ url: string }, { image: Blob }>(({ input, signal }) => uploadAvatar(input.image, signal));
