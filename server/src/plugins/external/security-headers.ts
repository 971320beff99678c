// Security headers on every answer (issue 9), with @fastify/helmet configured rather than defaulted.
//
// Content-Security-Policy: scripts only from this origin (no inline script at all), styles from this
// origin or carrying this response's nonce. Chakra UI styles through emotion, which inserts <style>
// tags while the app runs; those would need 'unsafe-inline' without a nonce. Instead each response
// gets a fresh random nonce: the CSP names it, and the page (index.html, see web-static.ts) carries it
// in Vite's <meta property="csp-nonce" nonce="…">, from which the client's emotion cache
// (src/ui/emotion-cache.ts) reads it and stamps every <style> it inserts. A script injected into the
// page cannot read the nonce from the attribute (browsers hide nonce attributes from CSS and
// getAttribute), and the nonce changes on every load.
//
// frame-ancestors 'none' (+ X-Frame-Options DENY): nothing frames Parley; cast screens open the cast
// page themselves. Referrer-Policy same-origin: share links carry their code in the address, which must
// not travel to other sites. Permissions-Policy: microphone for this origin only (live meetings),
// everything else off. HSTS only when TRUST_PROXY_TLS says a TLS proxy is in front (on plain http it
// would be ignored at best, and pin a wrong promise at worst); the same setting adds
// upgrade-insecure-requests.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

const NONCE = Symbol('parley.cspNonce');

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonce (base64, 128 bits). */
    pageNonce: string;
  }
}

type WithNonce = ServerResponse & { [NONCE]?: string };
const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as WithNonce)[NONCE] ?? ''}'`;

export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'display-capture=()',
  'fullscreen=(self)',
].join(', ');

/**
 * Headers that only mean something on a document: a page, or a file a browser opens as one. Helmet
 * sends them on every answer; on the built scripts, stylesheets, texts and images a page loads they are
 * ~800 bytes of each answer that no browser reads — on /recordList's ~70 files more bytes than its
 * largest chunk but one (issue 27). nosniff, the resource policy and the referrer policy stay: they
 * do apply to those files.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
  'x-permitted-cross-domain-policies',
] as const;

/**
 * A built file a page loads as a subresource. Not a worker or worklet script (its CSP header is the
 * worker's own policy) and not SVG (opened on its own, an SVG file is a document that can run script).
 */
const BUILT_SUBRESOURCE = /^\/assets\/(?![^?#]*\.(?:worker|worklet)-)[^?#]*\.(?:js|css|json|woff2?|png|jpe?g|webp|gif|ico)(?:[?#]|$)/;

export function isBuiltSubresource(url: string): boolean {
  return BUILT_SUBRESOURCE.test(url);
}

export default fp<{ trustProxyTls: boolean }>(
  async (app, { trustProxyTls }) => {
    app.decorateReply('pageNonce', '');
    // Before helmet's own onRequest hook, which builds the header from the directives below.
    app.addHook('onRequest', async (_request, reply) => {
      reply.pageNonce = randomBytes(16).toString('base64');
      (reply.raw as WithNonce)[NONCE] = reply.pageNonce;
    });
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonceSource],
          styleSrc: ["'self'", nonceSource],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers the meeting socket (ws/wss on this origin) in CSP level 3 browsers.
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(trustProxyTls ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: trustProxyTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The API is same-origin only; the default same-origin resource policy says so to browsers.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (request, reply) => {
      if (isBuiltSubresource(request.url)) {
        // Helmet writes some on the raw response, some through the reply.
        for (const name of DOCUMENT_ONLY_HEADERS) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
        return;
      }
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);
