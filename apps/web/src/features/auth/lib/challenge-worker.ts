// ALTCHA's solver in a Web Worker with the browser's own PBKDF2 (Web Crypto), so the page stays responsive
// while it searches (decision 074).
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
