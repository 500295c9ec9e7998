/**
 * A buzz where the device has one (the customer's ready ping, the courier's new trip). Nothing
 * where it has none, and nothing where the browser refuses: without a tap in the tab, some
 * versions throw rather than ignore it.
 */
export function vibrate(pattern: number | readonly number[]): void {
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern as number | number[]);
  } catch {
    // No buzz then; the sound (and the screen) still tell.
  }
}
