// Path model of today's usage. The double answers a VIP's day the first time and fails the next
// (the last answer stays shown), so both outcomes are reached from a context with and without usage.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { UsageToday } from '../../api/account/query-usage-today';
import { usageTodayMachine, type UsageTodayContext } from './usageToday.machine';

const VIP_DAY: UsageToday = {
  tier: 'vip',
  day: '2026-11-28',
  timeZone: 'Asia/Taipei',
  live: { usedSeconds: 3600, capSeconds: 10800, leftSeconds: 7200 },
  upload: { usedSeconds: 0, capSeconds: 36000, leftSeconds: 36000 },
};
const FAILED = { kind: 'network' };
const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) => self._parent?.getSnapshot().context as UsageTodayContext | undefined;
const hasUsage = (snapshot: AnyMachineSnapshot) => (snapshot.context as UsageTodayContext).usage !== null;

export const pathsModel: PathsModel = {
  name: 'usageToday',
  machine: usageTodayMachine.provide({
    actors: {
      queryUsageToday: fromPromise<UsageToday | null>(async ({ self }) => {
        if (parentContext(self)?.usage) throw FAILED;
        return VIP_DAY;
      }),
    },
  }),
  events: {
    'usage.refresh': [{ type: 'usage.refresh' }],
    'xstate.done.actor.queryUsageToday': (snapshot) => (hasUsage(snapshot) ? [] : [{ type: 'xstate.done.actor.queryUsageToday', output: VIP_DAY }]),
    'xstate.error.actor.queryUsageToday': (snapshot) => (hasUsage(snapshot) ? [{ type: 'xstate.error.actor.queryUsageToday', error: FAILED }] : []),
  },
  serializeContext: (context: UsageTodayContext) => ({ usage: context.usage?.tier ?? null, failed: context.failed }),
};
