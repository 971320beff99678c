// For api and machine tests under Node: the app's calls use relative addresses (/prod-api/...), which
// Node's Request refuses; this resolves them against a test origin, as a browser page would. Import
// it first in the test file (side effect), before anything that makes a call.
const NodeRequest = globalThis.Request;
if (!(NodeRequest as unknown as { parleyRelative?: boolean }).parleyRelative) {
  const Relative = class extends NodeRequest {
    static parleyRelative = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://parley.test') : input, init);
    }
  };
  globalThis.Request = Relative as typeof Request;
}
export {};
