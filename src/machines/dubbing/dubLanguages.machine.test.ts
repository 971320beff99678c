// @vitest-environment node
// The dialog's language list against the real call (fake fetch): the server's availability is kept,
// a failed or empty answer leaves the built-in codes, and a reload asks again.
import '../../api/test-relative-request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answering, json } from '../../api/test-fetch';
import { DUB_LANGUAGE_CODES } from '../../shared/contract/dub-limits';
import { dubLanguagesMachine, selectDubLanguagesServed } from './dubLanguages.machine';

afterEach(() => vi.unstubAllGlobals());

describe('dubLanguages', () => {
  it('keeps what the server says it can dub, with the reason of what it cannot', async () => {
    answering(() =>
      json({
        code: 200,
        msg: 'ok',
        data: [
          { code: 'zh-CN', name: '中文', available: true, engine: { id: 'openai-speech', name: 'speech API', remote: true } },
          { code: 'fr-FR', name: 'Français', available: false, unavailableReason: 'No voice for French; set TTS_URL', setting: 'TTS_URL' },
        ],
      }),
    );
    const actor = createActor(dubLanguagesMachine).start();
    const snapshot = await waitFor(actor, (s) => !s.matches('loading'));
    expect(selectDubLanguagesServed(snapshot)).toBe(true);
    // The voice engine rides along for the picker to name.
    expect(snapshot.context.items[0]?.engine).toEqual({ id: 'openai-speech', name: 'speech API', remote: true });
    expect(snapshot.context.items[1]).toEqual({ code: 'fr-FR', name: 'Français', available: false, unavailableReason: 'No voice for French; set TTS_URL', setting: 'TTS_URL' });
  });

  it.each([
    ['a failed call', () => json({ code: 500, msg: 'down' })],
    ['an empty list', () => json({ code: 200, msg: 'ok', data: [] })],
  ])('falls back to the built-in codes after %s, and asks again on reload', async (_, answer) => {
    const requests = answering(answer);
    const actor = createActor(dubLanguagesMachine).start();
    const snapshot = await waitFor(actor, (s) => s.matches('fallback'));
    expect(snapshot.context.items.map((item) => item.code)).toEqual([...DUB_LANGUAGE_CODES]);
    actor.send({ type: 'languages.reload' });
    await waitFor(actor, (s) => s.matches('fallback'));
    expect(requests).toHaveLength(2);
  });
});
