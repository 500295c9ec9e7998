import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so waiting minutes and late marks move on
 * their own. The storefront has the same few lines in features/branches: sharing them would
 * split a chunk off the storefront's lazy screens and lengthen its first load's chunk list.
 */
export function useClock(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
