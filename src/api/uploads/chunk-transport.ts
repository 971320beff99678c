// The chunk upload stream's transport on the real API: uploadInit and uploadBlock as cold
// observables whose unsubscription aborts the request (the stream cancels a file that way).
import { Observable } from 'rxjs';
import type { ChunkTransport } from '../../streams/upload-progress$';
import type { ApiResult } from '../types';
import { uploadBlock } from './upload-block';
import { uploadInit } from './upload-init';

function call$<T>(run: (signal: AbortSignal) => Promise<ApiResult<T>>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    run(controller.signal).then(
      (result) => {
        if (result.ok) {
          subscriber.next(result.data);
          subscriber.complete();
        } else subscriber.error(result.error);
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}

export const apiChunkTransport: ChunkTransport = {
  init: (request) => call$((signal) => uploadInit(request, signal)),
  block: (part) => call$((signal) => uploadBlock(part, signal)),
};
