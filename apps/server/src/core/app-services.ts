// The shapes of what the app hands every service through Ctx (context.ts), below every module (issue 33):
// the mail module and the status module build them, and Ctx must not depend on those modules.

export interface MailOptions {
  /** smtp:// or smtps:// URL; without it mails stay in the outbox table */
  smtpUrl?: string;
  from?: string;
}

/** The online ping's last-seen times, batched in memory (status/presence.service.ts, decision 017). */
export interface Presence {
  seen(sessionId: number): void;
  flush(): Promise<void>;
  /** `listener` runs after every flush (the interval's and the last one at stop). */
  onFlushed(listener: () => Promise<void>): void;
  start(): void;
  stop(): Promise<void>;
}
