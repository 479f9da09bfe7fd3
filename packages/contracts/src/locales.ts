// The values live in plain/locales.ts (zod-free, below every contract: decision 049, 083).
export * from './plain/locales.ts';
