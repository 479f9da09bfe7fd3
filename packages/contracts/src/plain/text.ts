// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../text.ts.

/** The largest PostgreSQL integer (int4): ids and counts beyond it would fail in the database. */
export const INT4_MAX = 2_147_483_647;
/** Years a date in a request may name; PostgreSQL knows no year 0 and JavaScript dates end at 275760. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

export const CONTROL_CHARACTER_MESSAGE = 'control characters are not allowed';
/** NUL and every other C0 or C1 control character, tab and line breaks included. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
/** The same, but tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
