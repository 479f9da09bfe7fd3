export interface MailOptions {
  /** smtp:// or smtps:// URL; without it mails stay in the outbox table */
  smtpUrl?: string;
  from?: string;
}
