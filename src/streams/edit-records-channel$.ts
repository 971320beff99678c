// Two windows of the dub editor on the same task stay in sync (features §2: "a broadcast channel named
// for edit records"). Each window publishes the state an edit of its own produced; the other windows
// receive it and adopt it. Messages carry the task (several tasks may be open) and the sending window
// (a window never adopts its own message, whichever channel object delivered it). The receiving side
// must not publish what it adopted — that is what keeps two windows from echoing each other forever —
// and must not save it: the window that made the edit saves it.
//
// Publishing is coalesced to the latest state per frame (a drag sends many retimes; the other window
// only needs where it ended), well inside the 100 ms the issue allows.
//
// A state is posted only while another window of the task is known to be open: posting copies the
// lines and the undo history (structured clone of 5,000 lines and more), which cost an edit + undo
// in the only window several milliseconds on the main thread (bench/editor.bench.ts) for nobody.
// Windows find each other with 'hello' (sent on open, answered with 'here') and leave with 'bye'.
import { EMPTY, Observable, Subject, asyncScheduler, auditTime, filter, map, share, type SchedulerLike } from 'rxjs';

export const EDIT_RECORDS_CHANNEL = 'parley-edit-records';
export const EDIT_RECORDS_COALESCE_MS = 16;

/** Presence messages: a window of the task opened ('hello', answered 'here') or closed ('bye'). */
export interface EditRecordsPresence {
  taskId: string;
  windowId: string;
  presence: 'hello' | 'here' | 'bye';
}

export interface EditRecordsMessage<State> {
  taskId: string;
  windowId: string;
  /** Counts the sender's messages: a receiver can tell a late message from a newer one. */
  seq: number;
  state: State;
}

/** What the channel needs of a BroadcastChannel (tests may hand in their own). */
export interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface EditRecordsChannel<State> {
  readonly windowId: string;
  /** States published by other windows for this task. */
  readonly incoming$: Observable<EditRecordsMessage<State>>;
  /** Sends this window's state (coalesced per frame). */
  publish(state: State): void;
  close(): void;
}

export interface EditRecordsOptions {
  windowId?: string;
  open?: (name: string) => BroadcastLike | null;
  scheduler?: SchedulerLike;
}

function openBroadcast(name: string): BroadcastLike | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
}

/** A window id that needs no secure context (crypto.randomUUID does). */
export function newWindowId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isAddressed(data: unknown): data is { taskId: string; windowId: string } {
  const message = data as Partial<EditRecordsMessage<unknown>> | null;
  return typeof message === 'object' && message !== null && typeof message.taskId === 'string' && typeof message.windowId === 'string';
}

function isMessage(data: unknown): data is EditRecordsMessage<unknown> {
  return isAddressed(data) && 'state' in data;
}

function isPresence(data: unknown): data is EditRecordsPresence {
  return isAddressed(data) && typeof (data as Partial<EditRecordsPresence>).presence === 'string';
}

export function editRecordsChannel$<State>(taskId: string, options: EditRecordsOptions = {}): EditRecordsChannel<State> {
  const windowId = options.windowId ?? newWindowId();
  const channel = (options.open ?? openBroadcast)(EDIT_RECORDS_CHANNEL);
  if (!channel) return { windowId, incoming$: EMPTY, publish: () => undefined, close: () => undefined };

  const incoming$ = new Observable<MessageEvent>((subscriber) => {
    const listener = (event: MessageEvent) => subscriber.next(event);
    channel.addEventListener('message', listener);
    return () => channel.removeEventListener('message', listener);
  }).pipe(
    map((event) => event.data as unknown),
    filter(isMessage),
    filter((message) => message.taskId === taskId && message.windowId !== windowId),
    map((message) => message as EditRecordsMessage<State>),
    share(),
  );

  // The other windows of the task known to be open.
  const peers = new Set<string>();
  const announce = (presence: EditRecordsPresence['presence']) => channel.postMessage({ taskId, windowId, presence } satisfies EditRecordsPresence);
  const onPresence = (event: MessageEvent) => {
    const message = event.data as unknown;
    if (!isPresence(message) || message.taskId !== taskId || message.windowId === windowId) return;
    if (message.presence === 'bye') {
      peers.delete(message.windowId);
      return;
    }
    peers.add(message.windowId);
    if (message.presence === 'hello') announce('here');
  };
  channel.addEventListener('message', onPresence);
  announce('hello');

  let seq = 0;
  const outgoing = new Subject<State>();
  const sending = outgoing
    .pipe(auditTime(EDIT_RECORDS_COALESCE_MS, options.scheduler ?? asyncScheduler))
    .subscribe((state) => {
      if (peers.size > 0) channel.postMessage({ taskId, windowId, seq: ++seq, state } satisfies EditRecordsMessage<State>);
    });

  return {
    windowId,
    incoming$,
    // Nothing is queued while alone: a window that opens later loads the task from the server.
    publish: (state) => {
      if (peers.size > 0) outgoing.next(state);
    },
    close: () => {
      sending.unsubscribe();
      outgoing.complete();
      channel.removeEventListener('message', onPresence);
      announce('bye');
      channel.close();
    },
  };
}
