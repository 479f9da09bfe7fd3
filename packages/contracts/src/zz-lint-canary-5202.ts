import { readFileSync } from 'node:fs';
export const r = readFileSync;
