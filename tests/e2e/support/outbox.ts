// Reads verification codes the way a developer does: from the development outbox of the server.
export interface OutboxMessage { channel: string; target: string; subject: string; body: string; createdAt: string }

export async function latestCodeFor(baseUrl: string, target: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${baseUrl}/dev/outbox.json`)).json()) as OutboxMessage[];
    const message = messages.find((m) => m.target === target);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification code for ${target} in the outbox`);
}
