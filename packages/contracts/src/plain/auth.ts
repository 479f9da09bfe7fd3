// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../auth.ts.

/** The header every state-changing request carries (DESIGN.md). */
export const CSRF_HEADER = 'x-aula-csrf';
