// An AbortSignal that fires when the caller goes away before its answer is written, so a long
// synthesis (line preview, transAdjust) stops with it.
//
// Why the response and not the request: Node 20 emits 'close' on the IncomingMessage as soon as
// its body has been read, long before the answer is sent; tying the abort to it stopped every
// preview 2–10 ms into synthesis ("the espeak-ng engine was stopped"). The ServerResponse emits
// 'close' when the answer is finished or the socket dies, so "closed but not finished" means the
// caller left early.
import type { ServerResponse } from 'node:http';

export function abortWhenCallerLeaves(response: Pick<ServerResponse, 'once' | 'writableFinished'>): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
