import type { KeyboardEvent } from 'react';

/**
 * Filter fields that act as you type block Enter, so it never submits or picks something by accident
 * (spec 5 "Enter is blocked in some inputs"; which ones: docs/decisions/023-tiles-and-layouts.md).
 */
export function blockEnter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}
