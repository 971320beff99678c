// The voice-over panel as wired, against the real calls (fake fetch): the checklist is drawn from the
// server's answers, a start refused for a missing dubbing pack asks for the purchase dialog on the app
// bus (on the entitlement tab), and closing tells the screen.
// (Routes may not import the api layer, so the fetch double is a plain stub here.)
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../../testing/relative-request';
import { NEVER } from 'rxjs';
import { createActor } from 'xstate';
import { appBusMachine, type AppMessage } from '../../machines/appBus.machine';
import { renderUi } from '../../ui/test-render';
import VoiceoverPanelContainer from './voiceover-panel';
import { AppBusProvider } from '../shell/app-bus';
import { SessionProvider } from '../shell/session-context';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 200, msg: 'ok', data });
const answering = (answer: (request: Request) => Promise<Response>) => vi.stubGlobal('fetch', (request: Request) => answer(request));

afterEach(() => vi.unstubAllGlobals());

describe('voice-over panel container', () => {
  it('draws the checklist, opens the purchase dialog on 92505001 and closes', async () => {
    answering(async (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/getFileDataContentPageList')) return ok({ total: 2, rows: [{ id: 'a', startMs: 0, endMs: 900, text: 'hola', revoice: true }, { id: 'b', startMs: 1000, endMs: 1900, text: 'adiós', revoice: false }] });
      if (path.endsWith('/getIteration')) return ok([{ id: 'i1', taskId: 't1', state: 'dubbed', createTime: '2026-11-24' }]);
      if (path.endsWith('/getSpeakerList')) return ok([{ id: 's1', name: 'Ana', voice: 'es+f2' }]);
      if (path.endsWith('/voiceCatalogue')) return ok({ lang: 'es-ES', cloning: false, voices: [{ id: 'es+f2', name: 'Spanish (female)', engine: 'espeak-ng', gender: 'female', available: true }] });
      if (path.endsWith('/serviceNameList')) return ok([{ code: 'es+f2', name: 'Spanish (female)', lang: 'es' }]);
      if (path.endsWith('/getSynthesis')) return ok({ id: 't1', state: 'none' });
      if (path.endsWith('/dubbingAccountCostBefore')) return ok({ enough: true, cost: 0, balance: 600 });
      if (path.endsWith('/videoSynthesis')) return json({ code: 92505001, msg: 'Your dubbing pack has run out' });
      return json({ code: 404, msg: `unexpected ${path}` });
    });
    // A visitor's session (no stored token), as the app starts it; the panel reads only the user of it.
    // The bus hears no api events here, so only the panel's own request can open the dialog.
    const bus = createActor(appBusMachine, { input: { events$: NEVER } }).start();
    const purchaseOpen = vi.fn<(message: AppMessage) => void>();
    bus.on('purchase.open', purchaseOpen);
    const onClose = vi.fn();
    await renderUi(
      <SessionProvider>
        <AppBusProvider actor={bus}>
          <VoiceoverPanelContainer taskId="t1" lang="es-ES" durationSeconds={61} onClose={onClose} />
        </AppBusProvider>
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('voiceover-lines').textContent).toBe('1 of 2 lines changed and will be re-voiced'));
    // One dubbing before: the first re-dub is free.
    expect(screen.getByTestId('voiceover-cost').textContent).toBe('Free: the first re-dub costs nothing');
    // Each speaker's voice is a picker of the voices the server has for the language.
    await waitFor(() => expect((screen.getByLabelText('Voice of Ana') as HTMLSelectElement).value).toBe('es+f2'));
    await act(async () => fireEvent.click(screen.getByTestId('voiceover-start')));
    await waitFor(() => expect(purchaseOpen).toHaveBeenCalledWith({ type: 'purchase.open', tab: 'duration' }));
    await waitFor(() => expect(screen.getByTestId('voiceover-error').textContent).toBe('Your dubbing pack has run out'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
