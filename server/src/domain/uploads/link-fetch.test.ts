// The SSRF guard of transwrite/upload's link fetch. Refusals use IP literals and fake lookups, and a
// request spy proves no connection was even attempted; the only real connections go to a local
// server on 127.0.0.1, with private addresses allowed for exactly the hops that need it.
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { isForbiddenAddress } from './address-policy';
import { LINK_MAX_REDIRECTS, openLink, type LinkFetchOptions, type LookupAll, type RequestFunction } from './link-fetch';

/** A request function that must never run: refusals happen before any connection. */
function noConnection(): { request: RequestFunction; calls: URL[] } {
  const calls: URL[] = [];
  return {
    calls,
    request: (url) => {
      calls.push(url);
      throw new Error(`connection attempted to ${url.href}`);
    },
  };
}

async function refusal(link: string, options: LinkFetchOptions): Promise<string> {
  try {
    const opened = await openLink(link, options);
    opened.response.resume();
    opened.close();
  } catch (error) {
    if (error instanceof AppError) return error.messageKey;
    throw error;
  }
  throw new Error(`${link} was fetched`);
}

describe('forbidden addresses', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1', 'fd12:3456::1',
    '169.254.169.254', 'fe80::1', '0.0.0.0', '::', '100.64.0.1', '100.127.255.254', '224.0.0.1', '239.255.255.250', 'ff02::1',
    '255.255.255.255', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:192.168.0.1',
  ])('%s is forbidden', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is allowed', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('a host that is not an address counts as forbidden', () => {
    expect(isForbiddenAddress('localhost')).toBe(true);
  });
});

describe('links refused before any connection', () => {
  const failingLookup: LookupAll = async (name) => {
    throw new Error(`lookup of ${name} must not happen`);
  };

  it.each([
    'http://127.0.0.1/a.mp3',
    'http://127.1/a.mp3',
    'http://2130706433/a.mp3',
    'http://0x7f000001/a.mp3',
    'https://[::1]/a.mp3',
    'http://[::ffff:127.0.0.1]:8080/a.mp3',
    'http://[::ffff:a00:1]/a.mp3',
    'http://10.0.0.5/a.mp3',
    'http://172.20.1.1/a.mp3',
    'http://192.168.0.10/a.mp3',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/a.mp3',
    'http://[fd00::1]/a.mp3',
    'http://0.0.0.0:8080/a.mp3',
    'http://[::]/a.mp3',
    'http://100.64.1.1/a.mp3',
    'http://224.0.0.251/a.mp3',
  ])('%s', async (link) => {
    const spy = noConnection();
    expect(await refusal(link, { allowPrivate: false, lookup: failingLookup, request: spy.request })).toBe('uploads:addressNotAllowed');
    expect(spy.calls).toEqual([]);
  });

  it('other schemes and links with credentials', async () => {
    const spy = noConnection();
    const options = { allowPrivate: true, lookup: failingLookup, request: spy.request };
    expect(await refusal('file:///etc/passwd', options)).toBe('uploads:urlNotAllowed');
    expect(await refusal('ftp://93.184.216.34/a.mp3', options)).toBe('uploads:urlNotAllowed');
    expect(await refusal('gopher://93.184.216.34/', options)).toBe('uploads:urlNotAllowed');
    expect(await refusal('not a link', options)).toBe('uploads:urlNotAllowed');
    expect(await refusal('http://user:secret@93.184.216.34/a.mp3', options)).toBe('uploads:credentialsNotAllowed');
    expect(await refusal('http://user@93.184.216.34/a.mp3', options)).toBe('uploads:credentialsNotAllowed');
    expect(spy.calls).toEqual([]);
  });

  it('a name resolving to a private address, or to a public and a private one', async () => {
    const spy = noConnection();
    const inward: LookupAll = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await refusal('http://media.example/a.mp3', { allowPrivate: false, lookup: inward, request: spy.request })).toBe('uploads:addressNotAllowed');
    const mixed: LookupAll = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ];
    expect(await refusal('http://media.example/a.mp3', { allowPrivate: false, lookup: mixed, request: spy.request })).toBe('uploads:addressNotAllowed');
    const mapped: LookupAll = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    expect(await refusal('http://media.example/a.mp3', { allowPrivate: false, lookup: mapped, request: spy.request })).toBe('uploads:addressNotAllowed');
    expect(spy.calls).toEqual([]);
  });
});

describe('DNS rebinding', () => {
  it('resolves the name once and connects to the checked address whatever the name answers later', async () => {
    const answers = [[{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    let lookups = 0;
    const rebinding: LookupAll = async () => answers[Math.min(lookups++, 1)]!;
    let agentAnswer: unknown;
    // Stands in for the connection: asks the hop's agent what the socket would connect to.
    const request: RequestFunction = (_url, options) => {
      const agentLookup = (options.agent as http.Agent & { options: { lookup: (...args: unknown[]) => void } }).options.lookup;
      agentLookup('media.example', { all: true }, (_error: unknown, addresses: unknown) => {
        agentAnswer = addresses;
      });
      throw new Error('stop before connecting');
    };
    await expect(openLink('http://media.example/a.mp3', { allowPrivate: false, lookup: rebinding, request })).rejects.toThrow('stop before connecting');
    expect(lookups).toBe(1);
    expect(agentAnswer).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('against a local server', () => {
  let server: http.Server;
  let base: string;
  let requested: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requested.push(request.url ?? '');
      const url = new URL(request.url ?? '/', 'http://local');
      if (url.pathname === '/file.mp3') return response.end('audio bytes');
      if (url.pathname === '/to-file') return response.writeHead(302, { location: '/file.mp3' }).end();
      if (url.pathname === '/to-loopback') return response.writeHead(302, { location: `${base}/file.mp3` }).end();
      if (url.pathname === '/to-private') return response.writeHead(307, { location: 'http://10.0.0.1/file.mp3' }).end();
      if (url.pathname === '/to-metadata') return response.writeHead(301, { location: 'http://[::ffff:a9fe:a9fe]/latest' }).end();
      if (url.pathname === '/to-file-scheme') return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      const hop = /^\/loop\/(\d+)$/.exec(url.pathname);
      if (hop) return response.writeHead(302, { location: `/loop/${Number(hop[1]) + 1}` }).end();
      // /chain/n redirects until n reaches the limit, then answers the file.
      const link = /^\/chain\/(\d+)$/.exec(url.pathname);
      if (link && Number(link[1]) >= LINK_MAX_REDIRECTS) return response.end('audio bytes');
      if (link) return response.writeHead(303, { location: `/chain/${Number(link[1]) + 1}` }).end();
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const bodyOf = async (response: IncomingMessage) => {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    return text;
  };

  it('is refused by default', async () => {
    requested = [];
    expect(await refusal(`${base}/file.mp3`, { allowPrivate: false })).toBe('uploads:addressNotAllowed');
    expect(requested).toEqual([]);
  });

  it('is fetched when private addresses are allowed, through the checked address a name resolved to', async () => {
    requested = [];
    const port = (server.address() as AddressInfo).port;
    // The name exists nowhere: only the agent's pinned lookup can make this connection work.
    const opened = await openLink(`http://media.parley.invalid:${port}/file.mp3`, {
      allowPrivate: true,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await bodyOf(opened.response)).toBe('audio bytes');
    opened.close();
    expect(requested).toEqual(['/file.mp3']);
  });

  it('follows a redirect whose every hop is allowed', async () => {
    const opened = await openLink(`${base}/to-file`, { allowPrivate: true });
    expect(opened.url.pathname).toBe('/file.mp3');
    expect(await bodyOf(opened.response)).toBe('audio bytes');
    opened.close();
  });

  it('refuses redirects to private addresses when only the first hop is allowed', async () => {
    const firstHopOnly = (hop: number) => hop === 0;
    for (const path of ['/to-loopback', '/to-private', '/to-metadata']) {
      requested = [];
      expect(await refusal(`${base}${path}`, { allowPrivate: firstHopOnly })).toBe('uploads:addressNotAllowed');
      expect(requested).toEqual([path]);
    }
    requested = [];
    expect(await refusal(`${base}/to-file-scheme`, { allowPrivate: firstHopOnly })).toBe('uploads:urlNotAllowed');
    expect(requested).toEqual(['/to-file-scheme']);
  });

  it(`follows at most ${LINK_MAX_REDIRECTS} redirects`, async () => {
    requested = [];
    expect(await refusal(`${base}/loop/0`, { allowPrivate: true })).toBe('uploads:tooManyRedirects');
    expect(requested).toEqual(['/loop/0', '/loop/1', '/loop/2', '/loop/3']);
    const opened = await openLink(`${base}/chain/0`, { allowPrivate: true });
    expect(opened.url.pathname).toBe(`/chain/${LINK_MAX_REDIRECTS}`);
    expect(await bodyOf(opened.response)).toBe('audio bytes');
    opened.close();
  });
});
