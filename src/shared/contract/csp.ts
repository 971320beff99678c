// The placeholder Vite writes into the built index.html wherever a CSP nonce belongs (html.cspNonce in
// vite.config.ts: script/style tags and <meta property="csp-nonce">). The server replaces it with a
// fresh nonce for every page it serves (server/src/plugins/external/security-headers.ts).
export const CSP_NONCE_PLACEHOLDER = 'PARLEY_CSP_NONCE';
