/** Waits the runtime bounds: a sleep the caller's signal cuts short, a promise held to a time limit. */
import { AbortError } from './errors.js';

/** Waits `ms`, or rejects with an {@link AbortError} as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined, operationId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError(`${operationId} was aborted`, operationId));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(`${operationId} was aborted`, operationId));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, or a rejection when the time limit (if any) passes (`timedOut()`) or `signal` aborts. */
export function bounded<T>(
  promise: Promise<T>,
  limits: { timeoutMs: number | undefined; signal: AbortSignal | undefined; operationId: string; timedOut: () => Error },
): Promise<T> {
  const { timeoutMs, signal, operationId } = limits;
  if (signal?.aborted) return Promise.reject(new AbortError(`${operationId} was aborted`, operationId));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError(`${operationId} was aborted`, operationId));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => reject(limits.timedOut()), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}
