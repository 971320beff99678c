// Issue 28: every HTTP answer and a live socket's upgrade answer name the instance that served them
// (INSTANCE_ID, else random per start), so the process behind a balancer can be told apart.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { LiveClient } from '../../testing/live-test-kit';
import { startTestServer, type TestServer } from '../../testing/start-test-server';

describe('X-Parley-Instance', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('names the instance on API answers, errors and a live socket’s upgrade', async () => {
    server = await startTestServer({ instanceId: 'inst-a' });
    expect((await fetch(`${server.url}/prod-api/health`)).headers.get('x-parley-instance')).toBe('inst-a');
    expect((await fetch(`${server.url}/prod-api/no-such-route`)).headers.get('x-parley-instance')).toBe('inst-a');
    const guest = (await (await fetch(`${server.url}/prod-api/auth/visitorlogin`, { method: 'POST' })).json()) as { data: { token: string } };
    // The meeting does not exist: the socket is refused after the upgrade, which already named the instance.
    const socket = await LiveClient.open(`${server.url.replace('http', 'ws')}/prod-api/ws/meeting/none?token=${guest.data.token}&lang=en-US`);
    expect(socket.instance).toBe('inst-a');
    socket.close();
  });

  it('takes INSTANCE_ID of header-safe characters, and draws a random id otherwise', () => {
    expect(loadConfig({ INSTANCE_ID: 'web-2' }).instanceId).toBe('web-2');
    const drawn = [loadConfig({}).instanceId, loadConfig({ INSTANCE_ID: 'bad id\r\nX: y' }).instanceId];
    for (const id of drawn) expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(drawn[0]).not.toBe(drawn[1]);
  });
});
