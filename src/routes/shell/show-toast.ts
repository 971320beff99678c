import type { ToastLevel } from '../../ui/toaster';
import type { Notice } from '../../machines/notice';
import { TOAST_DURATION_MS } from '../../shared/contract/limits';

// The toast machinery loads with the first toast, not with the first page (keeps /login light).
export interface ToastRequest {
  type: ToastLevel;
  title: string;
  duration: number;
}

const needListeners = new Set<() => void>();
let needed = false;

export function showToast(request: ToastRequest): Promise<void> {
  if (!needed) {
    needed = true;
    needListeners.forEach((listener) => listener());
  }
  return import('../../ui/toaster').then(({ toaster }) => {
    toaster.create(request);
  });
}

/** Calls back once a toast has been requested (at once if one already was). */
export function whenToasterNeeded(listener: () => void): () => void {
  if (needed) {
    listener();
    return () => undefined;
  }
  needListeners.add(listener);
  return () => needListeners.delete(listener);
}

/** A machine's notice as a toast: the server's own message when it sent one, else the translated key. */
export function showNotice(notice: Notice, translate: (key: string, params?: Record<string, string | number>) => string): void {
  const title = notice.message || translate(notice.messageKey ?? 'common:error', notice.messageParams);
  void showToast({ type: notice.level, title, duration: TOAST_DURATION_MS });
}
