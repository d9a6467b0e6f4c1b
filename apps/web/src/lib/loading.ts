import { useSyncExternalStore } from 'react';

/** Counts the API calls in flight; the global loading bar shows while it is above zero. */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginRequest(): void {
  inFlight += 1;
  emit();
}

export function endRequest(): void {
  inFlight = Math.max(0, inFlight - 1);
  emit();
}

export function getInFlightCount(): number {
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInFlightCount(): number {
  return useSyncExternalStore(subscribe, getInFlightCount, getInFlightCount);
}
