import { isApiError } from '@/lib/api';

/** True when a failed request never reached the server (no connection), not when it was refused. */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error, 0) || (typeof navigator !== 'undefined' && !navigator.onLine);
}
