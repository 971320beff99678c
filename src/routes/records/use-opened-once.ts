import { useState } from 'react';

/**
 * True from the first render a dialog is open on, and ever after (so it still animates its close and
 * keeps its place). A closed Chakra dialog is not free: its dialog and presence machines were built
 * with the page, six of them for the records page's first render on a phone (issue 27).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusting this component's own state while rendering: React renders again before committing.
  if (open && !opened) setOpened(true);
  return open || opened;
}
