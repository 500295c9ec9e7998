import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML; true from the render right
 * after (and from the first render of a page the browser drew itself). What only the device
 * knows (the login, the cart) is read from then on, in that same render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
