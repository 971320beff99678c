// @vitest-environment node
// After a payment the app re-reads what the user may do without a reload (issue 11 §4): the purchase
// dialog's purchase.paid makes the session refresh (account.refresh), which reads the account blocks
// (avatar menu) and the permissions again; the meeting setup's plan limits and the purchase entry
// points follow the permissions. Here the real session, setup and dialog machines, wired as the
// routes wire them (root.route.tsx, meeting.route.tsx, purchase-dialog-container.tsx).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import { allowedFromPermissions, meetingSetupMachine, selectAllowedLanguages } from '../../machines/meetings/meetingSetup.machine';
import { meetingSetupDoubles } from '../../machines/meetings/meetingSetup.paths';
import { selectAccountDetail, selectPermissions, selectPurchasesOffered, sessionMachine } from '../../machines/session/session.machine';
import type { AccountDetail, AccountPermissions, UserInfo } from '../../machines/session/session.types';
import { paymentWithDoubles } from '../../machines/purchase/payment.doubles';
import { purchaseDialogMachine, selectPurchaseOpen } from '../../machines/purchase/purchaseDialog.machine';

function session(answers: { permissions: AccountPermissions[]; accounts: AccountDetail[] }) {
  let permissionCall = 0;
  let accountCall = 0;
  const machine = sessionMachine.provide({
    actors: {
      fetchUserInfo: fromPromise(async (): Promise<UserInfo | null> => ({ id: 'u1', name: 'alice' })),
      fetchAccountDetail: fromPromise(async (): Promise<AccountDetail | null> => answers.accounts[Math.min(accountCall++, answers.accounts.length - 1)]!),
      fetchPermissions: fromPromise(async (): Promise<AccountPermissions | null> => answers.permissions[Math.min(permissionCall++, answers.permissions.length - 1)]!),
      revokeToken: fromPromise(async (): Promise<void> => undefined),
    },
    actions: { persistToken: () => undefined, forgetToken: () => undefined, persistLocale: () => undefined },
  });
  const actor = createActor(machine, { input: { token: 'alice-token', storedLocale: 'en-US', browserLanguage: 'en-US' } }).start();
  actor.send({ type: 'route.changed', pathname: '/meeting', search: '' });
  return actor;
}

const loaded = (s: ReturnType<ReturnType<typeof session>['getSnapshot']>) => s.matches({ signedIn: { account: 'loaded', permissions: 'loaded' } });

describe('entitlements re-read on purchase.paid', () => {
  it('updates the avatar menu blocks and the meeting setup limits without a reload', async () => {
    const app = session({
      permissions: [
        { recognitionCount: 2, translateCount: 2, tier: 'none', billing: true },
        { recognitionCount: 10, translateCount: 4, tier: 'svip', billing: true },
      ],
      accounts: [{ svipMember: { accountTypeName: 'SVIP', remarkString: '' } }, { svipMember: { accountTypeName: 'SVIP', remarkString: 'until 2027-11-24' } }],
    });
    const setup = createActor(meetingSetupMachine.provide({ actors: meetingSetupDoubles }), { input: {} }).start();
    // meeting.route.tsx: the setup follows the session's permissions.
    app.subscribe((s) => setup.send({ type: 'setup.allowed', allowed: allowedFromPermissions(selectPermissions(s)) }));
    const dialog = createActor(purchaseDialogMachine.provide({ actors: { loadPayment: fromPromise<AnyActorLogic, { tab: number }>(async () => paymentWithDoubles) } })).start();
    // purchase-dialog-container.tsx: a payment refreshes the session.
    dialog.on('purchase.paid', () => app.send({ type: 'account.refresh' }));

    await waitFor(app, loaded);
    expect(selectAllowedLanguages(setup.getSnapshot())).toEqual({ recognition: 2, translation: 2 });
    expect(selectAccountDetail(app.getSnapshot())?.svipMember?.remarkString).toBe('');

    dialog.send({ type: 'purchase.open', tab: 'svip' });
    await waitFor(dialog, selectPurchaseOpen);
    // The payment inside reports paid as the real one does when the poll answers 200.
    dialog.send({ type: 'xstate.done.actor.payment', output: { outTradeNo: 'o1', packageId: 'svip-month' } } as never);
    await waitFor(app, (s) => selectAccountDetail(s)?.svipMember?.remarkString === 'until 2027-11-24');
    await waitFor(app, loaded);
    expect(selectAllowedLanguages(setup.getSnapshot())).toEqual({ recognition: 10, translation: 4 });
  });

  it('reads billing:false as no purchases offered: the dialog then opens for nobody', async () => {
    const app = session({ permissions: [{ recognitionCount: 10, translateCount: 4, billing: false }], accounts: [{}] });
    await waitFor(app, loaded);
    expect(selectPurchasesOffered(app.getSnapshot())).toBe(false);
    const dialog = createActor(purchaseDialogMachine).start();
    // root.route.tsx hands the session's answer to the dialog.
    dialog.send({ type: 'purchase.offered', offered: selectPurchasesOffered(app.getSnapshot()) });
    dialog.send({ type: 'purchase.open', tab: 'duration' });
    expect(selectPurchaseOpen(dialog.getSnapshot())).toBe(false);
  });
});
