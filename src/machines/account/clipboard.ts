// The clipboard behind the my-QR-code machine's copy actor.

/** Puts the QR image (a data URL) on the clipboard as a picture; rejects where the browser refuses. */
export async function copyImageToClipboard(imageDataUrl: string): Promise<void> {
  if (!imageDataUrl) throw new Error('no image to copy');
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('image clipboard unavailable');
  const blob = await (await fetch(imageDataUrl)).blob();
  await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
}
