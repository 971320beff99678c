// GET /health (systemHealth) — whether this server's payments are the sandbox (no money moves), so
// the purchase dialog can say so. Silent: without an answer the dialog says nothing extra.
import { api } from '../instance';

export async function querySandboxPayments(signal?: AbortSignal): Promise<boolean> {
  const result = await api.call((client, s) => client.GET('/health', { signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return result.ok ? result.data?.payments?.sandbox === true : false;
}
