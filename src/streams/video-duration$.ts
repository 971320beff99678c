// A local video's length in seconds, read by a <video> element from the file's metadata before any
// upload. Errors when the length cannot be read (the dialog then ignores the file, features §5).
import { Observable } from 'rxjs';

export class UnreadableDurationError extends Error {
  constructor() {
    super('the video length cannot be read');
  }
}

export function videoDuration$(file: Blob): Observable<number> {
  return new Observable<number>((subscriber) => {
    if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') {
      subscriber.error(new UnreadableDurationError());
      return undefined;
    }
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) {
        subscriber.next(video.duration);
        subscriber.complete();
      } else subscriber.error(new UnreadableDurationError());
    };
    video.onerror = () => subscriber.error(new UnreadableDurationError());
    video.src = url;
    return () => {
      video.onloadedmetadata = null;
      video.onerror = null;
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  });
}
