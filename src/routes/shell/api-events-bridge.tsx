import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppBus } from './app-bus';
import { useSessionActor } from './session-context';
import { showToast } from './show-toast';

/**
 * Turns the api layer's events on the bus into toasts and session expiry. (A refused call's
 * purchase dialog request comes out of the bus as `purchase.open` itself; the root route opens it.)
 */
export function ApiEventsBridge() {
  const bus = useAppBus();
  const session = useSessionActor();
  const { t } = useTranslation();
  useEffect(() => {
    const subscription = bus.on('api.event', ({ event }) => {
      if (event.type === 'session.expired') session.send({ type: 'session.expired' });
      else if (event.type === 'toast') {
        const text = event.messageKey
          ? t(event.messageKey, event.messageParams ?? {})
          : event.message || t('common:error');
        void showToast({ type: event.level, title: text, duration: event.durationMs });
      }
    });
    return () => subscription.unsubscribe();
  }, [bus, session, t]);
  return null;
}
