import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { ApiEvent } from '../api/client';
import { useSessionActor } from './session-context';
import { showToast } from './show-toast';

export interface ApiEventsBridgeProps {
  events$: Observable<ApiEvent>;
  onPurchaseOpen(tab: number): void;
}

/** Turns the api layer's events into toasts, session expiry and the purchase dialog. */
export function ApiEventsBridge({ events$, onPurchaseOpen }: ApiEventsBridgeProps) {
  const session = useSessionActor();
  const { t } = useTranslation();
  useEffect(() => {
    const subscription = events$.subscribe((event) => {
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
  }, [events$, onPurchaseOpen, session, t]);
  return null;
}
