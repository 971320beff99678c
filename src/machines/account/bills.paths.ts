// Path model of the bills page (convention: src/testing/paths.ts), on bills.doubles.ts. An
// answer is offered only once the regions that answer before it have (the doubles' order), so a
// generated path never waits for an order of answers the doubles cannot give.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { billsMachine, type BillsContext } from './bills.machine';
import { billsDoubles, BROKEN_ZONE, buysPage, costsPage, pageFails, UNREADABLE, usageDays } from './bills.doubles';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BillsContext;
const loading = (snapshot: AnyMachineSnapshot, region: 'buys' | 'costs') => (snapshot.value as Record<string, string>)[region] === 'loading';

export const pathsModel: PathsModel = {
  name: 'bills',
  machine: billsMachine.provide({ actors: billsDoubles }),
  inputs: [{ timeZone: 'Asia/Shanghai' }, { timeZone: BROKEN_ZONE }],
  events: {
    'bills.buysPage': [
      { type: 'bills.buysPage', page: 1 },
      { type: 'bills.buysPage', page: 2 },
      { type: 'bills.buysPage', page: 3 },
    ],
    'bills.costsPage': [
      { type: 'bills.costsPage', page: 1 },
      { type: 'bills.costsPage', page: 2 },
    ],
    'xstate.done.actor.loadBuys': (snapshot) => {
      const page = contextOf(snapshot).buys.page;
      return pageFails(page) ? [] : [{ type: 'xstate.done.actor.loadBuys', output: buysPage(page) }];
    },
    'xstate.error.actor.loadBuys': (snapshot) => (pageFails(contextOf(snapshot).buys.page) ? [{ type: 'xstate.error.actor.loadBuys', error: UNREADABLE }] : []),
    'xstate.done.actor.loadCosts': (snapshot) => {
      const page = contextOf(snapshot).costs.page;
      return loading(snapshot, 'buys') || pageFails(page) ? [] : [{ type: 'xstate.done.actor.loadCosts', output: costsPage(page) }];
    },
    'xstate.error.actor.loadCosts': (snapshot) =>
      !loading(snapshot, 'buys') && pageFails(contextOf(snapshot).costs.page) ? [{ type: 'xstate.error.actor.loadCosts', error: UNREADABLE }] : [],
    'xstate.done.actor.loadUsage': (snapshot) =>
      loading(snapshot, 'buys') || loading(snapshot, 'costs') || contextOf(snapshot).timeZone === BROKEN_ZONE
        ? []
        : [{ type: 'xstate.done.actor.loadUsage', output: usageDays() }],
    'xstate.error.actor.loadUsage': (snapshot) =>
      !loading(snapshot, 'buys') && !loading(snapshot, 'costs') && contextOf(snapshot).timeZone === BROKEN_ZONE
        ? [{ type: 'xstate.error.actor.loadUsage', error: UNREADABLE }]
        : [],
  },
  serializeContext: (context: BillsContext) => ({
    zone: context.timeZone,
    buys: context.buys.page,
    costs: context.costs.page,
    usage: context.usage.days.length,
  }),
  skipSimplePaths: true,
};
