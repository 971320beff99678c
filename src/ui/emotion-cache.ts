// Chakra UI styles through emotion, which inserts <style> tags while the app runs. The server's
// Content-Security-Policy only lets styles with this page's nonce apply (no 'unsafe-inline'), so the
// emotion cache stamps every tag with the nonce the server put into index.html's
// <meta property="csp-nonce" nonce="…"> (written by Vite's html.cspNonce, replaced per response by
// server/src/plugins/external/web-static.ts). The nonce is read from the element's `nonce` property:
// browsers hide the attribute's value from getAttribute.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CSP_NONCE_PLACEHOLDER } from '../shared/contract/csp';

export function pageNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // The Vite dev server serves the placeholder as it is (and no CSP): no nonce then.
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

export function createStyleCache(doc: Document = document): EmotionCache {
  return createCache({ key: 'css', nonce: pageNonce(doc) });
}
