// Finishing a sign-in, shared by every sign-in page: the token to the session, then onwards.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sameOriginRedirect } from '../../ui/session/same-origin-redirect';
import { useSessionActor } from '../shell/session-context';

/**
 * Hands a new token to the session, then goes to the same-origin `redirect` query or home. A provider's
 * round trip brings back the redirect the sign-in started with (`returnTo`, read on the callback pages).
 */
export function useFinishSignIn(token: string | undefined, returnTo?: string | null) {
  const session = useSessionActor();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handed = useRef<string | null>(null);
  const finish = useCallback(
    (newToken: string) => {
      session.send({ type: 'session.signedIn', token: newToken });
      navigate(sameOriginRedirect(returnTo ?? params.get('redirect'), window.location.origin), { replace: true });
    },
    [session, navigate, params, returnTo],
  );
  useEffect(() => {
    if (!token || handed.current === token) return;
    handed.current = token;
    finish(token);
  }, [token, finish]);
}
