// What the dialog machines emit for the route layer to show as a toast: the server's own message
// when there is one, otherwise a message key. Machines never hold display strings.
export interface Notice {
  type: 'notice';
  level: 'success' | 'warning' | 'error';
  message?: string | undefined;
  messageKey?: string | undefined;
  /** Interpolation values for messageKey (e.g. a count). */
  messageParams?: Record<string, string | number>;
}
