// Avatar images: the type is read from the first bytes (a renamed program or an SVG — which can carry
// script — is refused whatever its name says), then sharp decodes it, which also refuses a file that
// only starts like an image, crops a centred square and writes a small WebP without metadata
// (EXIF location and the like are dropped).
import { AVATAR_SIDE_PX } from '../../../../src/shared/contract/profile-limits';
import { AppError } from '../../errors';

export type AvatarKind = 'png' | 'jpeg' | 'webp';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** PNG, JPEG or WebP by magic number; null for anything else. */
export function avatarKindOf(bytes: Buffer): AvatarKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

// A 2 MB file can still declare a huge canvas (a decompression bomb); 40 megapixels covers any photo.
const MAX_INPUT_PIXELS = 40_000_000;

export const notAnAvatarImage = () => new AppError(400, 'profile.avatarType');

/** The stored avatar: a square WebP of AVATAR_SIDE_PX, cropped around the centre. */
export async function squareAvatar(bytes: Buffer): Promise<Buffer> {
  const kind = avatarKindOf(bytes);
  if (!kind) throw notAnAvatarImage();
  try {
    // Loaded on the first avatar, not at server start (bench/server-start.bench.ts).
    const { default: sharp } = await import('sharp');
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (format !== kind) throw notAnAvatarImage();
    return await image
      .rotate() // honours the EXIF orientation of phone photos before it is dropped
      .resize(AVATAR_SIDE_PX, AVATAR_SIDE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnAvatarImage();
  }
}
