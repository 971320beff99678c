// Today's usage against the daily caps in the avatar menu (issue 29 item 3): read each time the menu
// opens, since a meeting or an upload may have used time meanwhile. The view's namespace loads with
// the first opening, inside Suspense, so the header never waits for it.
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { selectUsageFailed, selectUsageLoading, selectUsageToday, usageTodayMachine } from '../../machines/account/usageToday.machine';
import { UsageTodayView } from '../../ui/account/UsageTodayView';

export function useAvatarMenuUsage(): { usage: ReactNode; onOpen(): void } {
  const actor = useActorRef(usageTodayMachine);
  const usage = useSelector(actor, selectUsageToday);
  const loading = useSelector(actor, selectUsageLoading);
  const failed = useSelector(actor, selectUsageFailed);
  const asked = useSelector(actor, (snapshot) => !snapshot.matches('idle'));
  return {
    usage: asked ? (
      <Suspense fallback={null}>
        <UsageTodayView usage={usage} loading={loading} failed={failed} compact />
      </Suspense>
    ) : null,
    onOpen: () => actor.send({ type: 'usage.refresh' }),
  };
}
