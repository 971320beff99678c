import { useState } from 'react';

/**
 * Whether a dialog has been open at least once. A closed Chakra Dialog.Root still builds its zag
 * dialog machine on mount (~110 ms each on a throttled phone, issue 27): the meeting setup's dialogs
 * render nothing until first opened, then stay mounted so they close with their animation and give
 * focus back as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
