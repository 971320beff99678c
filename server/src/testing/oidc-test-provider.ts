// OpenID providers for tests. `startOidcProvider`: a real one (the `oidc-provider` package, with its
// development login and consent pages), and `driveDevInteractions` signs in through those pages over
// HTTP. `startForgingProvider`: discovery, JWKS and a token endpoint whose ID token the test forges
// with jose (wrong audience, foreign key, expired, other nonce) to prove the verifier refuses each.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Accounts are named by the login typed on the dev page; a login starting with 'unverified' has an
 * unverified e-mail. `client` may be a function of the issuer, for a relying party that must know the
 * issuer before its own address (and so its redirect address) exists.
 */
export async function startOidcProvider(
  client: TestClient | ((issuer: string) => Promise<TestClient>),
): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = http.createServer();
  const issuer = await listen(server);
  if (typeof client === 'function') client = await client(issuer);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the e-mail claims in the ID token itself; so does this provider.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['parley-test-cookie-key'] },
    async findAccount(_ctx, id) {
      const login = id.toLowerCase();
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: login.includes('@') ? login : `${login}@example.test`, email_verified: !login.startsWith('unverified'), name: id };
        },
      };
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  return { issuer, close: () => close(server) };
}

/** A small cookie jar: enough for the provider's interaction cookies. */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows the authorization request through the provider's development login and consent pages as a
 * browser would, and answers the address the provider finally sends the browser to (our callback).
 */
export async function driveDevInteractions(authorizationUrl: string, login: string, callbackPrefix: string): Promise<URL> {
  const jar = new Jar();
  let next = new URL(authorizationUrl);
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 20; step += 1) {
    const response: Response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: form.toString() } : {}),
    });
    jar.store(response);
    form = null;
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next);
      if (target.href.startsWith(callbackPrefix)) return target;
      next = target;
      continue;
    }
    const html: string = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt: string | undefined = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
    next = new URL(action.replace(/&amp;/g, '&'), next);
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

export interface ForgedClaims {
  [claim: string]: unknown;
}

/** A provider whose token endpoint answers whatever ID token `forge` makes for the code it is given. */
export async function startForgingProvider(): Promise<{
  issuer: string;
  /** Signs with the provider's published key, or with a key nobody published (`foreignKey`). */
  sign(claims: ForgedClaims, options?: { foreignKey?: boolean }): Promise<string>;
  answerWith(idToken: () => Promise<string>): void;
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}> {
  const published = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let idToken: () => Promise<string> = async () => {
    throw new Error('no ID token set');
  };
  const tokenRequests: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.url === '/jwks') return send(200, { keys: [publicJwk] });
    if (req.url === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        tokenRequests.push(new URLSearchParams(raw));
        idToken().then(
          (token) => send(200, { access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: token }),
          (error: unknown) => send(500, { error: String(error) }),
        );
      });
      return undefined;
    }
    return send(404, { error: 'not_found' });
  });
  const issuer = await listen(server);
  return {
    issuer,
    tokenRequests,
    async sign(claims, options = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(options.foreignKey ? foreign.privateKey : published.privateKey);
    },
    answerWith(next) {
      idToken = next;
    },
    close: () => close(server),
  };
}
