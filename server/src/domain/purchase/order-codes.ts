// Result codes of the order calls the client reads by number (features §8): 9250747 is 'not paid
// yet', answered by the status poll without a toast.
export const QUIET_PENDING_CODE = 9250747;
