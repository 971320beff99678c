// The app bus as the pages use it: a mounted record list hears records.changed (and stops hearing it
// once unmounted), a page hears a message with its newest listener, and a sender's message reaches
// every listening page once.
import { act, render } from '@testing-library/react';
import { NEVER } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appBusMachine } from '../../machines/appBus.machine';
import { AppBusProvider, useAppBus, useAppMessage, useReloadWhenRecordsChange, useTellRecordsChanged } from './app-bus';

const quietBus = () => createActor(appBusMachine, { input: { events$: NEVER } }).start();

function RecordList({ list }: { list: { send(event: { type: 'list.reload' }): void } }) {
  useReloadWhenRecordsChange(list);
  return null;
}

function PaidListener({ label, heard }: { label: string; heard: string[] }) {
  useAppMessage('purchase.paid', ({ outTradeNo }) => heard.push(`${label}:${outTradeNo}`));
  return null;
}

describe('app bus in React', () => {
  it('reloads every mounted record list on records.changed, and no unmounted one', () => {
    const bus = quietBus();
    const shown = { send: vi.fn() };
    const keptAlive = { send: vi.fn() };
    const view = render(
      <AppBusProvider actor={bus}>
        <RecordList list={shown} />
        <RecordList list={keptAlive} />
      </AppBusProvider>,
    );
    act(() => bus.send({ type: 'records.changed' }));
    expect(shown.send).toHaveBeenCalledWith({ type: 'list.reload' });
    expect(keptAlive.send).toHaveBeenCalledWith({ type: 'list.reload' });
    // Other messages are not records changing.
    act(() => bus.send({ type: 'purchase.open', tab: 'vip' }));
    expect(shown.send).toHaveBeenCalledTimes(1);
    view.unmount();
    act(() => bus.send({ type: 'records.changed' }));
    expect(shown.send).toHaveBeenCalledTimes(1);
  });

  it('calls the newest listener, once per message, without subscribing twice', () => {
    const bus = quietBus();
    const heard: string[] = [];
    const view = render(
      <AppBusProvider actor={bus}>
        <PaidListener label="first" heard={heard} />
      </AppBusProvider>,
    );
    view.rerender(
      <AppBusProvider actor={bus}>
        <PaidListener label="second" heard={heard} />
      </AppBusProvider>,
    );
    act(() => bus.send({ type: 'purchase.paid', outTradeNo: 'o1', packageId: 'vip-month' }));
    expect(heard).toEqual(['second:o1']);
  });

  it('lets one page tell the others: a dubbing start reloads a list elsewhere', () => {
    const bus = quietBus();
    const list = { send: vi.fn() };
    let tell: () => void = () => undefined;
    function DubbingStarter() {
      tell = useTellRecordsChanged();
      return null;
    }
    render(
      <AppBusProvider actor={bus}>
        <DubbingStarter />
        <RecordList list={list} />
      </AppBusProvider>,
    );
    act(() => tell());
    expect(list.send).toHaveBeenCalledExactlyOnceWith({ type: 'list.reload' });
  });

  it('says which provider is missing instead of dropping messages', () => {
    function Sender() {
      useAppBus();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Sender />)).toThrow(/AppBusProvider/);
    vi.restoreAllMocks();
  });
});
