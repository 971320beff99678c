// Google sign-in as OpenID Connect (issue 15 §2) with openid-client: authorization code flow with
// state, nonce and PKCE S256, the request kept server-side (social-requests.ts). The ID token is
// checked for issuer, audience, expiry and nonce by openid-client, and its signature against the
// provider's JWKS (enableNonRepudiationChecks: without it a token-endpoint ID token is trusted on TLS alone).
import * as oidc from 'openid-client';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { consumeSocialRequest, createSocialRequest, findSocialRequest, invalidState } from './social-requests';

export const GOOGLE_CALLBACK_PATH = '/googleLoginCallBack';

export interface GoogleClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface GoogleSignInRequest {
  source: string | null;
  redirect: string | null;
  claims: GoogleClaims;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export const googleNotConfigured = (setting: string) => new AppError(503, 'auth.googleNotConfigured', { setting });

export function createGoogleOidc(deps: { db: Kysely<Database>; clock: Clock; config: ServerConfig; log: Logger }) {
  const { db, clock, config, log } = deps;
  let discovered: Promise<oidc.Configuration> | null = null;

  function credentials(): { clientId: string; clientSecret: string } {
    if (!config.googleClientId) throw googleNotConfigured('GOOGLE_CLIENT_ID');
    if (!config.social.googleClientSecret) throw googleNotConfigured('GOOGLE_CLIENT_SECRET');
    return { clientId: config.googleClientId, clientSecret: config.social.googleClientSecret };
  }

  /** Discovery once per process; a failed discovery is retried at the next sign-in rather than cached. */
  function configuration(): Promise<oidc.Configuration> {
    const { clientId, clientSecret } = credentials();
    if (!discovered) {
      const issuer = new URL(config.social.oidcIssuer);
      // Plain http only for a provider on this machine (tests, development); Google itself is https.
      const insecure = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      discovered = oidc
        .discovery(issuer, clientId, clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
        .then((found) => {
          oidc.enableNonRepudiationChecks(found);
          return found;
        });
      discovered.catch((error: unknown) => {
        discovered = null;
        log.warn({ err: error }, 'OpenID provider discovery failed');
      });
    }
    return discovered.catch(() => {
      throw new AppError(502, 'auth.googleUnreachable');
    });
  }

  return {
    /** An unconfigured server says so before judging the input. */
    assertConfigured(): void {
      credentials();
    },

    /** The provider's authorization address; state, nonce and the PKCE verifier stay on the server. */
    async start(input: { origin: string; source?: string | null; redirect?: string | null }): Promise<{ url: string; state: string }> {
      const found = await configuration();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const { state } = await createSocialRequest(db, clock, {
        provider: 'google',
        purpose: 'login',
        channel: 'oidc',
        nonce,
        code_verifier: codeVerifier,
        source: input.source ?? null,
        redirect: input.redirect ?? null,
      });
      const url = oidc.buildAuthorizationUrl(found, {
        redirect_uri: `${input.origin}${GOOGLE_CALLBACK_PATH}`,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },

    /** Spends the state (a replay is refused), exchanges the code and verifies the ID token. */
    async finish(input: { origin: string; code: string; state: string; iss?: string | null }): Promise<GoogleSignInRequest> {
      const found = await configuration();
      const row = await findSocialRequest(db, clock, input.state, 'google');
      if (!row || !row.nonce || !row.code_verifier) throw invalidState();
      if (!(await consumeSocialRequest(db, clock, row))) throw invalidState();
      const callback = new URL(`${input.origin}${GOOGLE_CALLBACK_PATH}`);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      // Providers that name themselves in the callback (RFC 9207) are checked against the discovered issuer.
      if (input.iss) callback.searchParams.set('iss', input.iss);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(found, callback, {
          pkceCodeVerifier: row.code_verifier,
          expectedState: input.state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        log.warn({ err: error }, 'Google sign-in refused');
        throw new AppError(400, 'auth.googleRefused');
      }
      if (!claims?.sub) throw new AppError(400, 'auth.googleRefused');
      return {
        source: row.source,
        redirect: row.redirect,
        claims: {
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : null,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : null,
          picture: typeof claims.picture === 'string' ? claims.picture : null,
        },
      };
    },
  };
}

export type GoogleOidc = ReturnType<typeof createGoogleOidc>;
