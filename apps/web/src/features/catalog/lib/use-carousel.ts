import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** product.md «Screens and routes, Business constants»: the sample carousel moves on every 5000 ms. */
const CAROUSEL_INTERVAL_MS = 5000;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

/**
 * Which of `count` slides a carousel shows, and when it turns: every 5 s unless paused, hovered
 * or focused, and never on its own for customers who ask their system for reduced motion.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    prefersReducedMotion,
    () => false,
  );
  // null until the customer presses pause/play: then their choice wins over the system setting.
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Slides shown so far: a slide's image is fetched when it is shown or next in turn, not all
  // on the first load (hidden slides would compete with the first one, the screen's LCP).
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));

  const paused = pausedByUser ?? reducedMotion;
  const rotating = count > 1 && !paused && !hovered && !focused;
  const current = index % count;
  if (!shown.has(current)) setShown(new Set([...shown, current]));

  // A new timer per slide: a manual move restarts the full 5 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const go = (to: number) => setIndex(((to % count) + count) % count);
  /** Whether slide `i`'s image is fetched: once shown, or next in turn. */
  const loads = (i: number) => shown.has(i) || i === (current + 1) % count;

  return { current, paused, rotating, go, loads, setPausedByUser, setHovered, setFocused };
}

/** Pointer handlers that turn a horizontal swipe of over 40 px into a step: 1 leftwards (the next slide), -1 rightwards. */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const start = useRef<number | null>(null);
  return {
    onPointerDown: (event: { clientX: number }) => {
      start.current = event.clientX;
    },
    onPointerUp: (event: { clientX: number }) => {
      if (start.current === null) return;
      const dx = event.clientX - start.current;
      start.current = null;
      if (Math.abs(dx) > 40) onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
