// Opens a user-given http(s) link without letting it reach the server's own network. Every hop
// (the link and each redirect) is parsed, its host resolved once with dns.lookup (all addresses),
// every address checked, and the connection made to the checked address: the hop's agent answers
// name lookups with that address only, so a DNS rebind between check and connect cannot swap it.
import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, ipLiteralOf } from './address-policy';
import { addressNotAllowed, credentialsNotAllowed, fetchFailed, tooManyRedirects, urlNotAllowed } from './upload-errors';

export const LINK_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export type RequestFunction = (url: URL, options: http.RequestOptions, callback: (response: IncomingMessage) => void) => http.ClientRequest;

export interface LinkFetchOptions {
  /**
   * Lets a hop reach private addresses (UPLOAD_URL_ALLOW_PRIVATE, for tests and private
   * deployments). Hop 0 is the link itself, hop n the n-th redirect.
   */
  allowPrivate: boolean | ((hop: number) => boolean);
  signal?: AbortSignal;
  /** Name resolution; dns.lookup with all addresses unless a test gives its own. */
  lookup?: LookupAll;
  /** The call that opens one hop; http(s).request unless a test watches the connections. */
  request?: RequestFunction;
}

export interface OpenedLink {
  response: IncomingMessage;
  url: URL;
  /** Releases the hop's agent once the body has been read. */
  close(): void;
}

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const defaultRequest: RequestFunction = (url, options, callback) =>
  (url.protocol === 'https:' ? https.request : http.request)(url, options, callback);

/** A lookup that answers every name with the one address already checked. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

function parseHop(link: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    throw urlNotAllowed();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw urlNotAllowed();
  if (url.username !== '' || url.password !== '') throw credentialsNotAllowed();
  return url;
}

async function checkedAddress(url: URL, allowPrivate: boolean, lookup: LookupAll): Promise<ResolvedAddress> {
  const literal = ipLiteralOf(url);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(url.hostname);
    } catch (error) {
      throw fetchFailed(error instanceof Error ? error.message : String(error));
    }
  }
  if (addresses.length === 0) throw fetchFailed(`no address for ${url.hostname}`);
  // One forbidden address refuses the name: a name that also points inward is not trusted.
  if (!allowPrivate && addresses.some((a) => isForbiddenAddress(a.address))) throw addressNotAllowed();
  return addresses[0]!;
}

function openHop(url: URL, pinned: ResolvedAddress, options: LinkFetchOptions): Promise<{ response: IncomingMessage; agent: http.Agent }> {
  const agentOptions = { keepAlive: false, lookup: pinnedLookup(pinned) };
  const agent = url.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const request = options.request ?? defaultRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', agent, signal: options.signal, headers: { accept: '*/*' } }, (response) => resolve({ response, agent }));
    outgoing.on('error', (error) => {
      agent.destroy();
      reject(fetchFailed(error.message));
    });
    outgoing.end();
  });
}

export async function openLink(link: string, options: LinkFetchOptions): Promise<OpenedLink> {
  const lookup = options.lookup ?? systemLookup;
  const allowOn = (hop: number) => (typeof options.allowPrivate === 'function' ? options.allowPrivate(hop) : options.allowPrivate);
  let url = parseHop(link);
  for (let hop = 0; ; hop += 1) {
    const pinned = await checkedAddress(url, allowOn(hop), lookup);
    const { response, agent } = await openHop(url, pinned, options);
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location) {
      return { response, url, close: () => agent.destroy() };
    }
    response.resume();
    agent.destroy();
    if (hop >= LINK_MAX_REDIRECTS) throw tooManyRedirects(LINK_MAX_REDIRECTS);
    url = parseHop(location, url);
  }
}
