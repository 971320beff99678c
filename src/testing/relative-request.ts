// For tests whose layer may not import src/api directly (route tests): the same relative-address
// Request as src/api/test-relative-request.ts. Import it first in the test file (side effect).
import '../api/test-relative-request';
