// Spec constants, each with the spec section it comes from.
export const PRODUCT_NAME = 'Aula';
export const ONLINE_PING_MS = 15_000; // spec 9
export const OFFLINE_RECHECK_MS = 1_000; // spec 9
// A user counts as online while a ping arrived within three ping intervals (docs/decisions/017-online-ping.md)
export const ONLINE_WINDOW_MS = 3 * ONLINE_PING_MS;
// Last-seen times are written in one batched statement this often (docs/decisions/017-online-ping.md)
export const PRESENCE_FLUSH_MS = 5_000;
export const SESSION_REFRESH_MARGIN_MS = 5_000; // spec 4.1, 9
export const SHARED_REFRESH_MS = 5_000; // spec 4.1, 9
export const UPDATE_CHECK_MS = 3_600_000; // spec 9
export const UPDATE_TOAST_MS = 300_000; // spec 9
export const UPDATE_AUTO_APPLY_MS = 30_000; // spec 9
export const PUSH_TOAST_MS = 5_000; // spec 9
export const NOTIFY_TOAST_MS = 3_000; // spec 9: notification helper
export const TOAST_DURATION_MS = 4_000; // spec 9: toast library
export const TOAST_VISIBLE = 3; // spec 9
export const TOAST_GAP_PX = 14; // spec 9
export const TOAST_WIDTH_PX = 356; // spec 9
export const TOAST_SWIPE_THRESHOLD_PX = 45; // spec 9
export const TOAST_SWIPE_VELOCITY = 0.11; // spec 9
export const MOBILE_MAX_WIDTH_PX = 768; // spec 2.5, 9
export const LEFT_NAV_WIDTH = 450; // spec 9
export const FONT_SIZE_PX = 16; // spec 9
export const LINE_HEIGHT = 1; // spec 9
export const LAYOUT_CATEGORY_COUNT = 3; // spec 9
export const DEVICE_ID_LENGTH = 9; // spec 3.6, 9
export const DEFAULT_DPI = 96; // spec 9
export const DPI_PROBE_START = 650; // spec 9
export const HISTORY_REPLACE_MS = 100; // spec 2.5
export const DIALOG_PARAM = 'dialog'; // spec 2.5

// Limits the spec leaves open (docs/decisions/004-input-limits.md)
export const MAX_USERNAME_LENGTH = 100;
export const MAX_PASSWORD_LENGTH = 1024; // accept long passphrases, never truncate (SECURITY.md)
export const MAX_TITLE_LENGTH = 200;
export const MAX_URL_LENGTH = 2048;

// Uploads (spec 5 leaves the numbers open; docs/decisions/023-tiles-and-layouts.md)
export const MAX_ICON_BYTES = 1 * 1024 * 1024;
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_APP_CONFIG_LENGTH = 4000;
export const MAX_LAYOUT_TILES = 500;
// The tile embed check (issue 4): how long the server waits for the site
export const EMBED_CHECK_TIMEOUT_MS = 3_000;

// Sign-in and sessions (issue 5, SECURITY.md; docs/decisions/025-passwords.md, 026-sessions-and-brute-force.md)
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60_000; // absolute session lifetime: one school day
export const REFRESH_GRACE_MS = 5_000; // SECURITY.md: the immediate predecessor, for tabs refreshing together
export const ACTIVITY_WRITE_MS = 60_000; // last activity is written at most once a minute per session
export const LOGIN_LOCK_FAILURES = 10; // SECURITY.md: per account per 15 minutes
export const LOGIN_LOCK_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const LOGIN_PAIR_FAILURES = 5; // per (account, address) in the same window: that address is locked out of that account
export const LOGIN_IP_FLOOD_PER_MINUTE = 100; // failures per address per minute before a sign-in from it needs a proof of work
// SECURITY.md, decision 074: the proof of work (ALTCHA, PBKDF2/SHA-256) a flooded address solves per sign-in
export const LOGIN_CHALLENGE_TTL_MS = 10 * 60_000;
export const LOGIN_CHALLENGE_COST = 50; // PBKDF2 iterations per try
export const LOGIN_CHALLENGE_MIN_COUNTER = 1_000; // the solution lies uniformly between these counters
export const LOGIN_CHALLENGE_MAX_COUNTER = 3_000;
// OWASP device cookies: a browser the account signed in on before is exempt for that account
export const LOGIN_DEVICE_TTL_MS = 365 * 24 * 60 * 60_000; // one school year and its holidays
export const LOGIN_DEVICE_MAX_ACCOUNTS = 20; // accounts one cookie remembers (a shared tablet), the oldest dropped
export const REAUTH_MAX_AGE_MS = 5 * 60_000; // SECURITY.md: impersonation needs a password within 5 minutes
export const IMPERSONATION_MAX_MS = 30 * 60_000; // SECURITY.md
export const MIN_PASSWORD_LENGTH = 8; // the floor under password_length (NIST SP 800-63B)
export const RESET_CODE_TTL_MS = 10 * 60_000; // SECURITY.md
export const RESET_CODE_MAX_ATTEMPTS = 5; // SECURITY.md
export const RESET_CODE_LENGTH = 8;
export const RESET_REQUESTS_PER_HOUR = 5; // per account name: more gets 429
export const RESET_REQUESTS_PER_IP_HOUR = 100; // per address (a school's NAT at term start stays well below)
export const TOTP_PERIOD_S = 30; // RFC 6238
export const TOTP_DIGITS = 6;
export const TOTP_SECRET_BYTES = 20; // SECURITY.md: at least 160 bits
export const TOTP_PENDING_TTL_MS = 10 * 60_000; // a seed offered for setup must be confirmed within this
export const MAX_EMAIL_LENGTH = 254;
export const MAX_REASON_LENGTH = 500;
