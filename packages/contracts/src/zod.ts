import { config, z } from 'zod';

// Every schema of the contracts is built with this z. Zod's faster parsers compile code with `new Function`;
// the web app's Content-Security-Policy forbids that, and the probe alone logs a CSP violation in the browser
// console (Lighthouse counts it against best practices), so in a browser zod runs jitless, which is fast
// enough for a school's forms. In Node (the server, the tests) no CSP applies and every answer is checked
// against its schema: the compiled parsers take the 50-tile layout's check from about 7x to 3x the cost of
// its JSON.stringify (decision 093). `config`, not `z.config`: the web build counts every z.… call as free
// of side effects (apps/web/vite.config.ts) and would drop this one.
const inNode = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node;
config({ jitless: inNode !== 'string' });

export { z };

/**
 * True when A and B are the same type (not only assignable: an extra optional field differs too), so
 * `true satisfies Same<z.infer<typeof XSchema>, X>` keeps a schema exactly the zod-free type plain/ declares
 * for it (decision 083).
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
