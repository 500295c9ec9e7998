import { useEffect, useRef, useState } from 'react';

/**
 * A long list rendered as the customer scrolls to it: the first `first` items at once, then
 * `block` more whenever the end of what is rendered comes within `ahead` pixels of the viewport.
 * A 600-product category otherwise builds 600 cards (and their layout) before the first
 * paint, which a mid-range phone feels (docs/benchmarks/log/bench-scale.md). Short lists render
 * whole, as before. The pickup branch list loads the same way, in blocks, with a "Ver más"
 * button (`showMore`) for those who do not scroll.
 */
export function useWindowedList<T>(
  items: readonly T[],
  { first = 24, block = 48, ahead = 1200 } = {},
) {
  const [shown, setShown] = useState(first);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = shown < items.length;

  // Re-observed after each block: while the end is still near, the next block follows.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((count) => count + block);
      },
      { rootMargin: `0px 0px ${ahead}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, block, ahead, shown]);

  return {
    visible: hasMore ? items.slice(0, shown) : items,
    /** How many are rendered. */
    shown: Math.min(shown, items.length),
    hasMore,
    sentinel,
    showMore: () => setShown((count) => count + block),
  };
}
