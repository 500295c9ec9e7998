import { useSyncExternalStore } from 'react';

/** A point on the map, in degrees. */
export interface Point {
  lat: number;
  lng: number;
}

/**
 * Where the customer is, once they tapped «Usar mi ubicación» and the browser answered: kept in
 * the tab's memory only (never stored, never sent), so the pickup list and the paused-branch
 * offer can say what is nearest. Null until then.
 */
let point: Point | null = null;
const listeners = new Set<() => void>();

export function setCustomerPoint(next: Point | null): void {
  point = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// The server never knows it: its render, and hydration, read null.
export const useCustomerPoint = (): Point | null =>
  useSyncExternalStore(
    subscribe,
    () => point,
    () => null,
  );
