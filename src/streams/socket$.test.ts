// @vitest-environment node
import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  encodeAudioFrame,
  liveSocket$,
  meetingSocketUrl,
  reconnectDelayMs,
  type LiveReady,
  type LiveServerMessage,
  type SocketLike,
} from './socket$';

class FakeSocket implements SocketLike {
  binaryType = 'blob';
  sent: Array<string | ArrayBuffer> = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string | ArrayBuffer) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  receive(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
  json() {
    return this.sent.filter((d): d is string => typeof d === 'string').map((d) => JSON.parse(d) as { type: string });
  }
  frameNumbers() {
    return this.sent.filter((d): d is ArrayBuffer => typeof d !== 'string').map((d) => new DataView(d).getUint32(0, true));
  }
}

const ready = (overrides: Partial<LiveReady> = {}): LiveReady => ({
  type: 'ready',
  role: 'participant',
  meetingId: 'm1',
  state: 'in_progress',
  seq: 0,
  lastAudioSeq: -1,
  recognitionLanguage: 'en-US',
  translationLanguages: ['es-ES'],
  ...overrides,
});

const partial = (seq: number, text = 'hello'): LiveServerMessage => ({
  type: 'subtitle.partial',
  seq,
  segmentId: 's1',
  startMs: 0,
  endMs: 100,
  text,
  lang: 'en-US',
});

function harness() {
  const sockets: FakeSocket[] = [];
  const createSocket = () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  };
  const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  return { sockets, createSocket, testScheduler };
}

describe('liveSocket$', () => {
  it('resumes from 0 after ready, sends the subscribe, delivers in order and drops duplicates', () => {
    const { sockets, createSocket, testScheduler } = harness();
    testScheduler.run(({ expectObservable }) => {
      const events$ = liveSocket$({
        url: 'ws://x',
        createSocket,
        scheduler: testScheduler,
        afterReady: () => [{ type: 'subscribe', translationLanguage: 'es-ES' }],
      });
      testScheduler.schedule(() => sockets[0]!.receive(ready()), 1);
      testScheduler.schedule(() => sockets[0]!.receive(partial(1)), 2);
      testScheduler.schedule(() => sockets[0]!.receive(partial(1)), 3);
      testScheduler.schedule(() => sockets[0]!.receive(partial(2, 'hello there')), 4);
      expectObservable(events$, '^ 10ms !').toBe('c r a - b', {
        c: { type: 'socket.connecting', attempt: 0 },
        r: { type: 'socket.ready', ready: ready() },
        a: { type: 'socket.message', message: partial(1) },
        b: { type: 'socket.message', message: partial(2, 'hello there') },
      });
    });
    expect(sockets[0]!.json()).toEqual([
      { type: 'resume', lastSeq: 0 },
      { type: 'subscribe', translationLanguage: 'es-ES' },
    ]);
  });

  it('reconnects with doubling back-off and resumes from the last delivered seq, nothing duplicated', () => {
    const { sockets, createSocket, testScheduler } = harness();
    testScheduler.run(({ expectObservable }) => {
      const events$ = liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler });
      testScheduler.schedule(() => sockets[0]!.receive(ready()), 1);
      testScheduler.schedule(() => sockets[0]!.receive(partial(1)), 2);
      testScheduler.schedule(() => sockets[0]!.drop(), 3);
      // The first retry (500 ms) fails too; the second waits 1000 ms.
      testScheduler.schedule(() => sockets[1]!.drop(), 504);
      testScheduler.schedule(() => sockets[2]!.receive(ready({ seq: 2 })), 1505);
      testScheduler.schedule(() => sockets[2]!.receive(partial(1)), 1506);
      testScheduler.schedule(() => sockets[2]!.receive(partial(2, 'again')), 1507);
      expectObservable(events$, '^ 1600ms !').toBe('c r a w 499ms d w 999ms e f - g', {
        c: { type: 'socket.connecting', attempt: 0 },
        r: { type: 'socket.ready', ready: ready() },
        a: { type: 'socket.message', message: partial(1) },
        w: expect.objectContaining({ type: 'socket.reconnecting' }),
        d: { type: 'socket.connecting', attempt: 1 },
        e: { type: 'socket.connecting', attempt: 2 },
        f: { type: 'socket.ready', ready: ready({ seq: 2 }) },
        g: { type: 'socket.message', message: partial(2, 'again') },
      });
    });
    expect(sockets[2]!.json()[0]).toEqual({ type: 'resume', lastSeq: 1 });
  });

  it('stops on a fatal close (4000 + code) and reports it', () => {
    const { sockets, createSocket, testScheduler } = harness();
    testScheduler.run(({ expectObservable }) => {
      const events$ = liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler });
      testScheduler.schedule(() => sockets[0]!.drop(4410, 'ended'), 2);
      expectObservable(events$).toBe('c 1ms (x|)', {
        c: { type: 'socket.connecting', attempt: 0 },
        x: { type: 'socket.closed', code: 4410, reason: 'ended' },
      });
    });
    expect(sockets).toHaveLength(1);
  });

  it('reconnects on a gap in seq instead of showing a hole', () => {
    const { sockets, createSocket, testScheduler } = harness();
    testScheduler.run(({ expectObservable }) => {
      const events$ = liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler });
      testScheduler.schedule(() => sockets[0]!.receive(ready()), 1);
      testScheduler.schedule(() => sockets[0]!.receive(partial(1)), 2);
      testScheduler.schedule(() => sockets[0]!.receive(partial(3)), 3);
      expectObservable(events$, '^ 600ms !').toBe('c r a w 499ms d', {
        c: { type: 'socket.connecting', attempt: 0 },
        r: { type: 'socket.ready', ready: ready() },
        a: { type: 'socket.message', message: partial(1) },
        w: { type: 'socket.reconnecting', attempt: 1, delayMs: 500 },
        d: { type: 'socket.connecting', attempt: 1 },
      });
    });
    expect(sockets[0]!.closedWith).toBe(1000);
  });

  it('counts every numbered stream type, screen counts included, so none of them reads as a gap', () => {
    const { sockets, createSocket, testScheduler } = harness();
    const screens = { type: 'screens.connected', count: 1, seq: 2 } as const;
    testScheduler.run(({ expectObservable }) => {
      const events$ = liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler });
      testScheduler.schedule(() => sockets[0]!.receive(ready()), 1);
      testScheduler.schedule(() => sockets[0]!.receive(partial(1)), 2);
      testScheduler.schedule(() => sockets[0]!.receive(screens), 3);
      testScheduler.schedule(() => sockets[0]!.receive(partial(3)), 4);
      expectObservable(events$, '^ 600ms !').toBe('c r a s b', {
        c: { type: 'socket.connecting', attempt: 0 },
        r: { type: 'socket.ready', ready: ready() },
        a: { type: 'socket.message', message: partial(1) },
        s: { type: 'socket.message', message: screens },
        b: { type: 'socket.message', message: partial(3) },
      });
    });
    expect(sockets).toHaveLength(1);
  });

  it('takes the transcript seq as the new position (reset after a server restart)', () => {
    const { sockets, createSocket, testScheduler } = harness();
    testScheduler.run(() => {
      liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler, lastSeq: 40 }).subscribe();
      testScheduler.schedule(() => sockets[0]!.receive(ready()), 1);
      testScheduler.schedule(() => sockets[0]!.receive({ type: 'transcript', seq: 3, reset: true, segments: [] }), 2);
      testScheduler.schedule(() => sockets[0]!.drop(), 3);
      testScheduler.schedule(() => sockets[1]!.receive(ready()), 600);
    });
    expect(sockets[0]!.json()[0]).toEqual({ type: 'resume', lastSeq: 40 });
    expect(sockets[1]!.json()[0]).toEqual({ type: 'resume', lastSeq: 3 });
  });

  it('numbers audio after the server’s lastAudioSeq and resends what a reconnect lost', () => {
    const { sockets, createSocket, testScheduler } = harness();
    const audio = new Subject<ArrayBuffer>();
    const control = new Subject<{ type: 'control'; action: 'start' }>();
    const pcm = () => new Int16Array([1, 2]).buffer;
    testScheduler.run(() => {
      liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler, audio$: audio, outgoing$: control }).subscribe();
      testScheduler.schedule(() => {
        audio.next(pcm());
        control.next({ type: 'control', action: 'start' });
      }, 1);
      testScheduler.schedule(() => sockets[0]!.receive(ready({ role: 'host', lastAudioSeq: 9 })), 2);
      testScheduler.schedule(() => audio.next(pcm()), 3);
      testScheduler.schedule(() => sockets[0]!.drop(), 4);
      testScheduler.schedule(() => audio.next(pcm()), 5);
      testScheduler.schedule(() => sockets[1]!.receive(ready({ role: 'host', lastAudioSeq: 10 })), 600);
    });
    expect(sockets[0]!.frameNumbers()).toEqual([10, 11]);
    expect(sockets[0]!.json()).toEqual([{ type: 'resume', lastSeq: 0 }, { type: 'control', action: 'start' }]);
    // The server had 10; 11 was lost with the connection, 12 was captured during the outage.
    expect(sockets[1]!.frameNumbers()).toEqual([11, 12]);
  });
});

describe('liveSocket$ at Start (issue 26 §4: nothing lost)', () => {
  it('keeps every frame captured while the socket connects and sends them all, in order, after Start', () => {
    const { sockets, createSocket, testScheduler } = harness();
    const audio = new Subject<ArrayBuffer>();
    const control = new Subject<{ type: 'control'; action: 'start' }>();
    // Three seconds of 40 ms frames, each carrying its capture number, spoken before the server answered.
    const captured = Array.from({ length: 75 }, (_, i) => new Int16Array([i, i]).buffer);
    testScheduler.run(() => {
      liveSocket$({ url: 'ws://x', createSocket, scheduler: testScheduler, audio$: audio, outgoing$: control }).subscribe();
      testScheduler.schedule(() => control.next({ type: 'control', action: 'start' }), 1);
      captured.forEach((pcm, i) => testScheduler.schedule(() => audio.next(pcm), 2 + i));
      // The socket opens and the server is ready only after all of it.
      testScheduler.schedule(() => sockets[0]!.receive(ready({ role: 'host', state: 'not_started', lastAudioSeq: -1 })), 3000);
      testScheduler.schedule(() => audio.next(new Int16Array([75, 75]).buffer), 3001);
    });
    const socket = sockets[0]!;
    expect(socket.json()).toEqual([{ type: 'resume', lastSeq: 0 }, { type: 'control', action: 'start' }]);
    // Start goes before the first frame, so the server is recording when the audio arrives.
    expect(socket.sent.findIndex((d) => typeof d !== 'string')).toBeGreaterThan(socket.sent.findIndex((d) => typeof d === 'string' && d.includes('start')));
    expect(socket.frameNumbers()).toEqual(Array.from({ length: 76 }, (_, i) => i));
    const firstSamples = socket.sent.filter((d): d is ArrayBuffer => typeof d !== 'string').map((d) => new Int16Array(d.slice(4))[0]);
    expect(firstSamples).toEqual(Array.from({ length: 76 }, (_, i) => i));
  });
});

describe('helpers', () => {
  it('doubles the back-off up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelayMs(n))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('encodes the frame number little-endian before the PCM', () => {
    const bytes = new Uint8Array(encodeAudioFrame(258, new Uint8Array([7, 8]).buffer));
    expect(Array.from(bytes)).toEqual([2, 1, 0, 0, 7, 8]);
  });

  it('builds the socket address on the page origin', () => {
    expect(meetingSocketUrl('https://p.example', 'm 1', 'tok', 'c1')).toBe('wss://p.example/prod-api/ws/meeting/m%201?token=tok&clientId=c1');
    expect(meetingSocketUrl('http://127.0.0.1:8080', 'm1', null, 'c1', 'es-ES')).toBe(
      'ws://127.0.0.1:8080/prod-api/ws/meeting/m1?clientId=c1&lang=es-ES',
    );
    // A projection screen presents its cast code (the server keeps it out of the participants' list).
    expect(meetingSocketUrl('http://h', 'm1', 't', 'c1', undefined, 'Screen 123456', { screen: '123456' })).toBe(
      'ws://h/prod-api/ws/meeting/m1?token=t&clientId=c1&name=Screen+123456&screen=123456',
    );
  });
});
