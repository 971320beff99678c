import { useEffect, useState } from 'react';
import { QR_IMAGE_SIZE_PX } from '../../shared/contract/limits';

/**
 * A 126×126 QR code with high error correction (platform §9) as a data URL; null while drawing. The
 * encoder loads with the first code drawn: no page shows one before the user asks (issue 27).
 */
export function useQrDataUrl(text: string | null, size: number = QR_IMAGE_SIZE_PX): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) {
      setDataUrl(null);
      return;
    }
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'H' }))
      .then((url) => current && setDataUrl(url))
      .catch(() => current && setDataUrl(null));
    return () => {
      current = false;
    };
  }, [text, size]);
  return dataUrl;
}
