import { useCallback, useState } from 'react';

/**
 * The width of the element the returned ref is put on, followed by a ResizeObserver: a chart
 * draws at the pixels it has (text stays its size at 390 px, where a scaled viewBox would shrink
 * it). 0 until measured: the chart waits for a width rather than drawing a wrong one.
 */
export function useWidth<T extends HTMLElement>(): [
  (node: T | null) => (() => void) | void,
  number,
] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node) return;
    setWidth(Math.floor(node.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(node);
    // React 19 calls a ref's returned function when the node goes.
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
