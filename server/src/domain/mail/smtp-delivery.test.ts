// With SMTP_URL set, codes reach a real SMTP server (a local smtp-server on a random port) and
// stay in the outbox; phone codes stay in the outbox only.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/start-test-server';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('SMTP delivery of verification codes', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Parley <codes@parley.test>' });
  });

  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the code by e-mail and records it as delivered', async () => {
    const email = `smtp.${Date.now()}@example.com`;
    const answer = await fetch(`${server.url}/prod-api/auth/c/getValidCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ username: email, scene: 'register' }),
    }).then((r) => r.json());
    expect(answer.code).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('codes@parley.test');
    const [row] = (await server.app.services.outbox.latest(5)).filter((r) => r.target === email);
    expect(row?.delivered_via).toBe('smtp');
    const code = /\d{6}/.exec(row!.body)![0];
    expect(mail?.raw).toContain(code);
    expect(mail?.raw).toContain('Subject: Your Parley verification code');
  });

  it('keeps phone codes in the outbox (no SMS gateway yet)', async () => {
    const phone = `+4915${String(Date.now()).slice(-8)}`;
    const before = received.length;
    const answer = await fetch(`${server.url}/prod-api/auth/c/getValidCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: phone, scene: 'register' }),
    }).then((r) => r.json());
    expect(answer.code).toBe(200);
    expect(received.length).toBe(before);
    const [row] = (await server.app.services.outbox.latest(5)).filter((r) => r.target === phone);
    expect(row).toMatchObject({ channel: 'sms', delivered_via: 'outbox' });
  });

  it('a failing SMTP server gives a translated error, and the message stays in the outbox', async () => {
    const broken = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const email = `down.${Date.now()}@example.com`;
      const answer = await fetch(`${broken.url}/prod-api/auth/c/getValidCode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, scene: 'register' }),
      }).then((r) => r.json());
      expect(answer).toMatchObject({ code: 500, msg: 'The message could not be sent, please try again later' });
      const [row] = (await broken.app.services.outbox.latest(5)).filter((r) => r.target === email);
      expect(row?.delivered_via).toBe('smtp-failed');
    } finally {
      await broken.close();
    }
  });
});
