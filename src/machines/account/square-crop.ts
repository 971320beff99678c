// The browser's square crop before an avatar upload: the largest centred square of the picture,
// drawn at the stored size on a canvas, sent as PNG. The server checks and crops again; this keeps
// the upload small and shows the user what they will get.
import { fromPromise } from 'xstate';
import { AVATAR_SIDE_PX } from '../../shared/contract/profile-limits';

export async function cropSquare(file: Blob, side = AVATAR_SIDE_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const edge = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, (bitmap.width - edge) / 2, (bitmap.height - edge) / 2, edge, edge, 0, 0, side, side);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), 'image/png'));
  } finally {
    bitmap.close();
  }
}

export const cropSquareActor = fromPromise<Blob, { file: Blob }>(({ input }) => cropSquare(input.file));
