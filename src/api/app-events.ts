// What the app-wide client tells the app, apart from any one call's result: toasts, session expiry,
// the purchase dialog. The root route shows them; it may hold this stream, never the client itself.
import { api } from './instance';

export const apiEvents$ = api.events$;
