// Path model of the purchase dialog frame (convention: src/shared/testing/paths.ts): opened on the
// default tab and on the entitlement tab (2), moved between tabs, closed.
import type { PathsModel } from '../../shared/testing/paths';
import { purchaseDialogMachine } from './purchaseDialog.machine';

export const pathsModel: PathsModel = {
  name: 'purchaseDialog',
  machine: purchaseDialogMachine,
  events: {
    'purchase.open': [{ type: 'purchase.open' }, { type: 'purchase.open', tab: 2 }],
    'purchase.tabChanged': [{ type: 'purchase.tabChanged', tab: 1 }],
    'purchase.close': [{ type: 'purchase.close' }],
  },
};
