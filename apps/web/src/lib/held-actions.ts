import { ApiError } from './api-client';
import { isRecord } from './is-record';

/**
 * Actions a finger took without a signal, kept until they can be sent: the board holds its
 * status changes this way (features/console/hooks/use-board-actions.ts: a tablet reloaded with one
 * still on its way finds it again), the courier's phone its Salí / Entregado / No se pudo entregar and its shift,
 * here on the device, since a phone in a pocket is locked, reloaded or killed before the signal
 * comes back.
 */

/** One held action and when it was tapped (ISO), said when it is finally sent. */
export interface Held<A> {
  action: A;
  at: string;
}

/** The request never reached the server (no signal, DNS…): hold it; the server refused nothing. */
export const connectionLost = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

export interface HeldActions<A> {
  /** Oldest first: sent in the order they were taken. */
  read: () => Held<A>[];
  hold: (action: A, at: string) => void;
  /** Forgets the first held action (sent, or settled otherwise). */
  dropFirst: () => void;
  /** Forgets every held action `where` picks (changes sent side by side settle in any order). */
  drop: (where: (held: Held<A>) => boolean) => void;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A queue of held actions in the device's storage (localStorage unless given) under `key`;
 * `isAction` keeps only what a reader may trust (the storage is the user's to edit).
 */
export function heldActions<A>(
  key: string,
  isAction: (value: unknown) => value is A,
  storage?: Storage,
): HeldActions<A> {
  const store = () => storage ?? localStorage;
  const read = (): Held<A>[] => {
    try {
      const stored: unknown = JSON.parse(store().getItem(key) ?? '[]');
      if (!Array.isArray(stored)) return [];
      return stored.filter(
        (held): held is Held<A> =>
          isRecord(held) && typeof held.at === 'string' && isAction(held.action),
      );
    } catch {
      return [];
    }
  };
  const write = (list: readonly Held<A>[]) => {
    try {
      if (list.length === 0) store().removeItem(key);
      else store().setItem(key, JSON.stringify(list));
    } catch {
      // Storage full or blocked: what is held lasts as long as the page.
      memory = [...list];
    }
  };
  let memory: Held<A>[] | null = null;
  const current = () => memory ?? read();
  return {
    read: current,
    hold: (action, at) => write([...current(), { action, at }]),
    dropFirst: () => write(current().slice(1)),
    drop: (where) => write(current().filter((held) => !where(held))),
  };
}

/**
 * Sends the held actions in order, each once. One whose connection drops again stays, with those
 * after it, for the next time; `settle` decides what a refusal means (a 409 for a state already
 * reached is done) and says it. Answers whether the queue is empty now.
 */
export async function sendHeld<A>(
  queue: HeldActions<A>,
  send: (held: Held<A>) => Promise<unknown>,
  settle: (held: Held<A>, error: unknown) => void | Promise<void>,
): Promise<boolean> {
  for (let next = queue.read()[0]; next; next = queue.read()[0]) {
    try {
      await send(next);
    } catch (error) {
      if (connectionLost(error)) return false;
      await settle(next, error);
    }
    queue.dropFirst();
  }
  return true;
}
