// Read-aloud that keeps up with live speech: one line is spoken at a time, and while it is being
// spoken only the newest line that arrives waits (any older waiting line is dropped). So the voice
// is never more than one line behind the subtitles, however fast the host talks.
import { Observable, type OperatorFunction } from 'rxjs';

/**
 * Runs `speak(line)` for each source line, one at a time; a line arriving while one is spoken
 * replaces the line waiting (if any). Emits each line as its speaking starts. Completes when the
 * source has completed and nothing is spoken or waiting.
 */
export function speakLatest<T>(speak: (line: T) => Observable<unknown>): OperatorFunction<T, T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let waiting: { line: T } | null = null;
      let speaking: { unsubscribe(): void } | null = null;
      let sourceDone = false;
      const start = (line: T) => {
        subscriber.next(line);
        let finished = false;
        const done = () => {
          if (finished) return;
          finished = true;
          speaking = null;
          const next = waiting;
          waiting = null;
          if (next) start(next.line);
          else if (sourceDone) subscriber.complete();
        };
        // A failed utterance is only that line lost: the next one is still read.
        speaking = speak(line).subscribe({ complete: done, error: done });
        if (finished) speaking = null;
      };
      const upstream = source.subscribe({
        next: (line) => {
          if (speaking) waiting = { line };
          else start(line);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          sourceDone = true;
          if (!speaking && !waiting) subscriber.complete();
        },
      });
      return () => {
        upstream.unsubscribe();
        speaking?.unsubscribe();
      };
    });
}
