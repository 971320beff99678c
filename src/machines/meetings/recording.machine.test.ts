// @vitest-environment node
import { createActor, fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MicrophoneFailureReason } from '../../streams/audio$';
import { recordingMachine, selectRecordingStatus, type RecordingEvent, type RecordingInput } from './recording.machine';

function start(script: (sendBack: (event: RecordingEvent) => void, sendAudio: (pcm: ArrayBuffer) => void) => void = () => undefined) {
  const released: number[] = [];
  const audio: ArrayBuffer[] = [];
  const microphone = fromCallback<RecordingEvent, RecordingInput>(({ sendBack }) => {
    script(sendBack, (pcm) => sendBack({ type: 'microphone.frame', pcm }));
    return () => released.push(1);
  });
  const actor = createActor(recordingMachine.provide({ actors: { microphone } }), { input: { workletUrl: '/pcm16-downsampler.worklet.js' } });
  actor.on('recording.audio', (event) => audio.push(event.pcm));
  actor.start();
  return { actor, released, audio };
}

describe('recording machine', () => {
  it('starts, records frames to the socket, and releases the microphone on pause', () => {
    const { actor, released, audio } = start((sendBack, sendAudio) => {
      sendAudio(new ArrayBuffer(4));
      sendBack({ type: 'microphone.opened' });
    });
    actor.send({ type: 'recording.start' });
    expect(selectRecordingStatus(actor.getSnapshot())).toBe('recording');
    expect(audio).toHaveLength(1);
    actor.send({ type: 'microphone.level', level: 0.4 });
    expect(actor.getSnapshot().context.level).toBe(0.4);
    actor.send({ type: 'recording.pause' });
    expect(selectRecordingStatus(actor.getSnapshot())).toBe('paused');
    expect(released).toHaveLength(1);
    actor.send({ type: 'recording.resume' });
    actor.send({ type: 'recording.stop' });
    expect(selectRecordingStatus(actor.getSnapshot())).toBe('stopped');
    expect(released).toHaveLength(2);
  });

  it.each<MicrophoneFailureReason>(['microphoneDenied', 'audioNotSupported'])('shows %s and lets the host try again', (reason) => {
    const { actor } = start((sendBack) => sendBack({ type: 'microphone.failed', reason }));
    actor.send({ type: 'recording.start' });
    expect(selectRecordingStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe(reason);
  });

  it('flags no sound detected and clears it when sound returns', () => {
    const { actor } = start((sendBack) => sendBack({ type: 'microphone.opened' }));
    actor.send({ type: 'recording.start' });
    actor.send({ type: 'microphone.silence', silent: true });
    expect(actor.getSnapshot().context.noSound).toBe(true);
    actor.send({ type: 'microphone.silence', silent: false });
    expect(actor.getSnapshot().context.noSound).toBe(false);
  });
});
