import { useState } from 'react';

/**
 * True from the first render a dialog is open on, and ever after (so it still animates its close,
 * gives focus back and keeps its state). A closed Chakra dialog is not free: its zag dialog and
 * presence machines are built when it mounts (~110 ms each on a throttled phone; the records page
 * had six, the meeting set-up two, before their first paint: issue 27). Wrap a dialog in it to mount
 * it on first open.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusting this component's own state while rendering: React renders again before committing.
  if (open && !opened) setOpened(true);
  return open || opened;
}
