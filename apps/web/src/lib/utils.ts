import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config';

/**
 * tailwind-merge with only the class groups and class names the app's sources use (decision 094): the full
 * configuration (every Tailwind class and its validators) is about 6 KB of the start path. utils.test.ts checks
 * that it merges every pair of the sources' classes exactly as the full one does.
 */
const twMerge = createTailwindMerge(twMergeConfig);

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
