import type { TFunction } from 'i18next';
import { errorMessage } from '@/lib/error-message';
import { PushSubscribeError } from './subscription';

const FAILURE_KEYS = {
  'no-worker': 'push.failed.noWorker',
  denied: 'push.failed.denied',
  'push-service': 'push.failed.pushService',
} as const;

/** A failure of the browser's side in the push area's words, the server's as spec 8 says. */
export function pushFailureText(t: TFunction, error: unknown): string {
  if (error instanceof PushSubscribeError) return t(FAILURE_KEYS[error.reason]);
  return errorMessage(t, error);
}
