// The purchase dialog's tabs by name. The dialog shows one tab per catalogue category, and the
// catalogue answers its categories in package-type order (1 SVIP, 2 VIP, 3 duration, 5 dubbing), so a
// tab's position is its place in this list. Callers name the tab they want ('duration', never 2); only
// the dialog turns a name into a position (the selPayIndex query and the view's tab clicks are positions).
export const PURCHASE_TABS = ['svip', 'vip', 'duration', 'dubbing'] as const;

export type PurchaseTab = (typeof PURCHASE_TABS)[number];

/** Where features §8/§9 send an entitlement refusal (92505000/1/3): the spec's "tab 2", the duration top-up. */
export const ENTITLEMENT_PURCHASE_TAB: PurchaseTab = 'duration';

/** The tab that sells each account block of the avatar menu and the bills page. */
export const PURCHASE_TAB_OF_ACCOUNT = {
  svipMember: 'svip',
  vipMember: 'vip',
  duration: 'duration',
  smartDubbing: 'dubbing',
} as const satisfies Record<string, PurchaseTab>;

/** The tab's position in the dialog. */
export function purchaseTabIndex(tab: PurchaseTab): number {
  return PURCHASE_TABS.indexOf(tab);
}
