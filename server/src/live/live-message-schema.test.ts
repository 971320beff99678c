// The socket's JSON messages against the contract's schemas: what a client may send, and the shapes
// the server sends.
import { describe, expect, it } from 'vitest';
import { checkClientMessage, parseJsonText, serverMessageProblem, typeOf } from './live-message-schema';
import { LiveSocketError } from './live-errors';

function refusalOf(message: unknown): string | null {
  try {
    checkClientMessage(message);
    return null;
  } catch (error) {
    return error instanceof LiveSocketError ? `${error.code} ${error.key}` : String(error);
  }
}

describe('client messages checked by the contract', () => {
  it.each([
    [{ type: 'audio', seq: 0, data: 'AAAA' }, null],
    [{ type: 'audio', seq: 4294967295, data: 'AAAA', sampleRate: 16000 }, null],
    [{ type: 'audio', seq: -1, data: 'AAAA' }, '400 frameMalformed'],
    [{ type: 'audio', seq: 4294967296, data: 'AAAA' }, '400 frameMalformed'],
    [{ type: 'audio', seq: 1.5, data: 'AAAA' }, '400 frameMalformed'],
    [{ type: 'audio', seq: 1, data: 7 }, '400 frameMalformed'],
    [{ type: 'audio', seq: 1, data: 'AAAA', sampleRate: 44100 }, '400 frameMalformed'],
    [{ type: 'audio', seq: 1 }, '400 frameMalformed'],
    [{ type: 'control', action: 'start' }, null],
    [{ type: 'control', action: 'stop' }, null],
    [{ type: 'control', action: 'dance' }, '400 badMessage'],
    [{ type: 'control' }, '400 badMessage'],
    [{ type: 'resume', lastSeq: 0 }, null],
    [{ type: 'resume', lastSeq: -1 }, '400 badMessage'],
    [{ type: 'resume', lastSeq: '3' }, '400 badMessage'],
    [{ type: 'resume', lastSeq: 2.5 }, '400 badMessage'],
    [{ type: 'subscribe', translationLanguage: 'es-ES' }, null],
    [{ type: 'subscribe', translationLanguage: 5 }, '400 badMessage'],
    [{ type: 'subscribe' }, '400 badMessage'],
    [{ type: 'ping' }, null],
    [{ type: 'ping', extra: true }, '400 badMessage'],
    [{ type: 'dance' }, '400 badMessage'],
    [{}, '400 badMessage'],
    [[], '400 badMessage'],
    [null, '400 badMessage'],
    ['ping', '400 badMessage'],
  ])('%j → %s', (message, refusal) => {
    expect(refusalOf(message)).toBe(refusal);
  });

  it('refuses text that is not JSON, and reads the type of what is', () => {
    expect(() => parseJsonText('{not json')).toThrow(LiveSocketError);
    expect(typeOf(parseJsonText('{"type":"control","action":1}'))).toBe('control');
    expect(typeOf(parseJsonText('{"type":3}'))).toBeUndefined();
    expect(typeOf(parseJsonText('null'))).toBeUndefined();
  });
});

describe('server messages the contract allows', () => {
  it.each([
    [{ type: 'ready', seq: 0, role: 'host', meetingId: 'm', state: 'not_started', lastAudioSeq: -1, recognitionLanguage: 'en-US', translationLanguages: [] }, null],
    [{ type: 'pong', seq: 3 }, null],
    [{ type: 'error', seq: 0, code: 400, msgKey: 'live:badMessage', msg: 'Bad', fatal: false }, null],
    [{ type: 'meeting.state', seq: 1, state: 'paused', reason: 'hostLost' }, null],
    [{ type: 'subtitle.final', seq: 2, segmentId: 's', startMs: 0, endMs: 1, text: 't', lang: 'en-US', speaker: null, translations: { 'es-ES': 'x' } }, null],
    [{ type: 'meeting.state', seq: 1, state: 'asleep' }, 'invalid'],
    [{ type: 'pong' }, 'invalid'],
  ])('%j', (message, problem) => {
    expect(serverMessageProblem(message) === null ? null : 'invalid').toBe(problem);
  });
});
