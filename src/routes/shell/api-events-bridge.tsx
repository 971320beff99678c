import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { appEventsMachine } from '../../machines/appEvents.machine';
import { useSessionActor } from './session-context';
import { showToast } from './show-toast';

export interface ApiEventsBridgeProps {
  events: ActorRefFrom<typeof appEventsMachine>;
  onPurchaseOpen(tab: number): void;
}

/** Turns the api layer's events into toasts, session expiry and the purchase dialog. */
export function ApiEventsBridge({ events, onPurchaseOpen }: ApiEventsBridgeProps) {
  const session = useSessionActor();
  const { t } = useTranslation();
  useEffect(() => {
    const subscription = events.on('api.event', ({ event }) => {
      if (event.type === 'session.expired') session.send({ type: 'session.expired' });
      else if (event.type === 'purchase.open') onPurchaseOpen(event.tab);
      else {
        const text = event.messageKey
          ? t(event.messageKey, event.messageParams ?? {})
          : event.message || t('common:error');
        void showToast({ type: event.level, title: text, duration: event.durationMs });
      }
    });
    return () => subscription.unsubscribe();
  }, [events, onPurchaseOpen, session, t]);
  return null;
}
