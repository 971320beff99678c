// Today's usage against the daily caps (issue 29 item 3), for the avatar menu and the personal
// centre: read on demand (the menu opening, the page showing) and again after a refresh, since a
// meeting or an upload may have used time meanwhile. A failed read keeps the last answer shown.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { queryUsageTodayActor, type UsageToday } from '../../api/account/query-usage-today';

export interface UsageTodayContext {
  usage: UsageToday | null;
  failed: boolean;
}

export type UsageTodayEvent = { type: 'usage.refresh' };

export const usageTodayMachine = setup({
  types: { context: {} as UsageTodayContext, events: {} as UsageTodayEvent },
  actors: { queryUsageToday: queryUsageTodayActor },
}).createMachine({
  id: 'usageToday',
  context: { usage: null, failed: false },
  initial: 'idle',
  states: {
    idle: { on: { 'usage.refresh': 'loading' } },
    loading: {
      invoke: {
        id: 'queryUsageToday',
        src: 'queryUsageToday',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ usage: event.output, failed: false })) },
        onError: { target: 'ready', actions: assign({ failed: true }) },
      },
    },
    ready: { on: { 'usage.refresh': 'loading' } },
  },
});

type UsageTodaySnapshot = SnapshotFrom<typeof usageTodayMachine>;

export const selectUsageToday = (s: UsageTodaySnapshot) => s.context.usage;
export const selectUsageLoading = (s: UsageTodaySnapshot) => s.matches('loading') && s.context.usage === null;
export const selectUsageFailed = (s: UsageTodaySnapshot) => s.context.failed && s.context.usage === null;
