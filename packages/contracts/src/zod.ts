import { config, z } from 'zod';

// Every schema of the contracts is built with this z. Zod's faster parsers compile code with `new Function`;
// the web app's Content-Security-Policy forbids that, and the probe alone logs a CSP violation in the browser
// console (Lighthouse counts it against best practices). Parsing without them is fast enough for a school's
// forms and for the server's requests. `config`, not `z.config`: the web build counts every z.… call as free
// of side effects (apps/web/vite.config.ts) and would drop this one.
config({ jitless: true });

export { z };

/**
 * True when A and B are the same type (not only assignable: an extra optional field differs too), so
 * `true satisfies Same<z.infer<typeof XSchema>, X>` keeps a schema exactly the zod-free type plain/ declares
 * for it (decision 083).
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
