// The edit-records channel on real BroadcastChannels (Node has them): a window hears other windows
// of the same task only — not its own messages, not another task's — and a burst of states is sent
// as the latest one.
import { afterEach, describe, expect, it } from 'vitest';
import { EDIT_RECORDS_CHANNEL, EDIT_RECORDS_COALESCE_MS, editRecordsChannel$, type EditRecordsChannel, type EditRecordsMessage } from './edit-records-channel$';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});
function open<State>(taskId: string, windowId?: string): EditRecordsChannel<State> {
  const channel = editRecordsChannel$<State>(taskId, windowId ? { windowId } : {});
  opened.push(channel);
  return channel;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, EDIT_RECORDS_COALESCE_MS * 4));

describe('edit-records channel', () => {
  it(`is named ${EDIT_RECORDS_CHANNEL} and carries task, window and a sequence`, async () => {
    const tap = new BroadcastChannel(EDIT_RECORDS_CHANNEL);
    opened.push(tap);
    const seen: unknown[] = [];
    tap.addEventListener('message', (event) => seen.push(event.data));
    const a = open<{ n: number }>('t1', 'wa');
    // The tap plays another window of the task opening.
    tap.postMessage({ taskId: 't1', windowId: 'wb', presence: 'hello' });
    await settle();
    a.publish({ n: 1 });
    await settle();
    expect(seen).toEqual([
      { taskId: 't1', windowId: 'wa', presence: 'hello' },
      { taskId: 't1', windowId: 'wa', presence: 'here' },
      { taskId: 't1', windowId: 'wa', seq: 1, state: { n: 1 } },
    ]);
  });

  it('posts no state while it is the only window of the task, and none once the other has closed', async () => {
    const tap = new BroadcastChannel(EDIT_RECORDS_CHANNEL);
    opened.push(tap);
    const states: unknown[] = [];
    tap.addEventListener('message', (event) => void ('state' in (event.data as object) && states.push((event.data as { state: unknown }).state)));
    const a = open<number>('t1');
    const elsewhere = open<number>('t2');
    a.publish(1);
    await settle();
    expect(states).toEqual([]);
    const b = editRecordsChannel$<number>('t1');
    await settle();
    a.publish(2);
    await settle();
    b.close();
    await settle();
    a.publish(3);
    elsewhere.publish(4);
    await settle();
    expect(states).toEqual([2]);
  });

  it('delivers to other windows of the task only, never back to the sender', async () => {
    const a = open<number>('t1');
    const b = open<number>('t1');
    const other = open<number>('t2');
    const heard = { a: [] as number[], b: [] as number[], other: [] as number[] };
    await settle();
    a.incoming$.subscribe((message) => heard.a.push(message.state));
    b.incoming$.subscribe((message) => heard.b.push(message.state));
    other.incoming$.subscribe((message) => heard.other.push(message.state));
    a.publish(1);
    await settle();
    b.publish(2);
    await settle();
    expect(heard).toEqual({ a: [2], b: [1], other: [] });
  });

  it('a burst is coalesced to its latest state', async () => {
    const a = open<number>('t1');
    const b = open<number>('t1');
    const heard: Array<EditRecordsMessage<number>> = [];
    b.incoming$.subscribe((message) => heard.push(message));
    await settle();
    for (let n = 1; n <= 20; n++) a.publish(n);
    await settle();
    expect(heard.map((message) => message.state)).toEqual([20]);
  });

  it('ignores foreign messages on the channel', async () => {
    const b = open<number>('t1');
    const heard: unknown[] = [];
    b.incoming$.subscribe((message) => heard.push(message));
    const stranger = new BroadcastChannel(EDIT_RECORDS_CHANNEL);
    opened.push(stranger);
    stranger.postMessage('hello');
    stranger.postMessage({ taskId: 't1' });
    await settle();
    expect(heard).toEqual([]);
  });

  it('without BroadcastChannel it is silent', () => {
    const channel = editRecordsChannel$<number>('t1', { open: () => null });
    let heard = 0;
    channel.incoming$.subscribe(() => heard++);
    channel.publish(1);
    channel.close();
    expect(heard).toBe(0);
  });
});
