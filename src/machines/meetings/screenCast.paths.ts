// Path model of the cast code entry: the resolve double knows code 123456, answers 410 (link
// expired) for 999999 and 404 for any other code.
import { fromPromise } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { ScreenCode } from '../../api/meetings/meeting-types';
import { screenCastMachine, type ScreenCastContext } from './screenCast.machine';

const SCREEN: ScreenCode = { code: '123456', meetingId: 'm1', url: '/cast/123456', expireTime: '2030-01-01T00:00:00Z' };

const outcome = (code: string) => (code === '123456' ? 'ok' : code === '999999' ? 'expired' : 'unknown');

export const pathsModel: PathsModel = {
  name: 'screenCast',
  machine: screenCastMachine.provide({
    actors: {
      visitorToken: fromPromise<string | null>(async () => 'visitor-token'),
      resolveCode: fromPromise<ScreenCode, { code: string }>(async ({ input }) => {
        if (outcome(input.code) === 'ok') return SCREEN;
        throw outcome(input.code) === 'expired' ? { kind: 'business', code: 410, message: 'Link expired' } : { kind: 'business', code: 404 };
      }),
    },
  }),
  // Opened without a code (typed in), and from a cast link that carries one.
  inputs: [{ savedCode: '' }, { code: '123456', savedCode: '' }],
  serializeContext: (context: ScreenCastContext) => ({ code: context.code, error: context.errorKey ?? context.errorMessage }),
  events: {
    'xstate.done.actor.visitorToken': [{ type: 'xstate.done.actor.visitorToken', output: 'visitor-token' }],
    'cast.submit': [
      { type: 'cast.submit', code: '123456' },
      { type: 'cast.submit', code: '999999' },
      { type: 'cast.submit', code: '555555' },
      { type: 'cast.submit', code: '12ab' },
    ],
    'xstate.done.actor.resolveCode': (snapshot) =>
      outcome((snapshot.context as ScreenCastContext).code) === 'ok' ? [{ type: 'xstate.done.actor.resolveCode', output: SCREEN }] : [],
    'xstate.error.actor.resolveCode': (snapshot) => {
      const result = outcome((snapshot.context as ScreenCastContext).code);
      if (result === 'ok') return [];
      return [{ type: 'xstate.error.actor.resolveCode', error: result === 'expired' ? { kind: 'business', code: 410, message: 'Link expired' } : { kind: 'business', code: 404 } }];
    },
  },
};
