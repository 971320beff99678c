// The duration of a local media file, read in the browser before any upload.

/** Reads a local media file's duration from its metadata, in the browser, before any upload. */
export function readMediaDuration(file: Blob): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const isVideo = file.type.startsWith('video/');
    const element = document.createElement(isVideo ? 'video' : 'audio');
    const finish = (value: number | null) => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    element.preload = 'metadata';
    element.onloadedmetadata = () => finish(Number.isFinite(element.duration) ? element.duration : null);
    // Formats the browser cannot decode (wmv, flv, avi) are measured by the server after upload.
    element.onerror = () => finish(null);
    element.src = url;
  });
}
