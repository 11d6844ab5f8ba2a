/** A fault the mock can inject instead of answering normally. */
export type MockFaultKind = '429' | '503' | '500' | 'timeout' | 'reset';

/** Every fault kind, as the `x-mock-fault` header accepts them. */
export const FAULT_KINDS: readonly MockFaultKind[] = ['429', '503', '500', 'timeout', 'reset'];

/**
 * Server-wide fault injection: `every` N-th request (N, 2N, ...), and/or a `rate` in [0, 1] drawn
 * from a generator started from `draw` (default 1), so the same run injects at the same requests.
 */
export interface MockFaults {
  kind: MockFaultKind;
  every?: number;
  rate?: number;
  /** Which fixed sequence of random numbers `rate` is drawn from: another number, other requests. */
  draw?: number;
}

/** Decides, request by request, whether a server-wide fault applies. */
export function faultSchedule(faults: MockFaults | undefined): { next(): MockFaultKind | undefined; reset(): void } {
  let count = 0;
  let random = mulberry32(faults?.draw ?? 1);
  return {
    next() {
      count++;
      if (!faults) return undefined;
      const byCount = faults.every !== undefined && faults.every > 0 && count % faults.every === 0;
      const byRate = faults.rate !== undefined && random() < faults.rate;
      return byCount || byRate ? faults.kind : undefined;
    },
    reset() {
      count = 0;
      random = mulberry32(faults?.draw ?? 1);
    },
  };
}

/** The fault a request asks for with its `x-mock-fault` header; `invalid` for an unknown value. */
export function requestedFault(value: string | undefined): MockFaultKind | 'invalid' | undefined {
  if (value === undefined || value === '') return undefined;
  return (FAULT_KINDS as readonly string[]).includes(value) ? (value as MockFaultKind) : 'invalid';
}

function mulberry32(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
