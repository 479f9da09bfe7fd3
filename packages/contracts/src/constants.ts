// The values live in plain/constants.ts (zod-free, below every contract: decision 049, 083).
export * from './plain/constants.ts';
