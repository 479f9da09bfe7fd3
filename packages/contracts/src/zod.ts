import { z } from 'zod';

// Every schema of the contracts is built with this z. Zod's faster parsers compile code with `new Function`;
// the web app's Content-Security-Policy forbids that, and the probe alone logs a CSP violation in the browser
// console (Lighthouse counts it against best practices). Parsing without them is fast enough for a school's
// forms and for the server's requests.
z.config({ jitless: true });

export { z };
