// Hands a file to the browser as a download (an object URL clicked through a hidden link). Used by
// the api layer (batch exports) and by routes (files the transcript machine emits).
export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/** Hands a downloaded file to the browser as a download. */
export function saveToDisk({ blob, fileName }: SavedFile): void {
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoked after the click has been handled, or the download may find no data.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
