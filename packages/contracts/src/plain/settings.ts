// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../settings.ts.

/** The help texts' topics (spec 3.5 per-key texts). */
export const HELP_TOPICS = ['home', 'edit', 'dashboard', 'login'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
