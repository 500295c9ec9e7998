import type { ConfirmCartAnswer, ConfirmCartPayload } from '@comanda/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  attemptPlacement,
  type AttemptDeps,
  type DeviceSignal,
  type PlaceState,
} from './place-attempt';

const payload = { client_order_id: 'a1' } as ConfirmCartPayload;

/** A device whose signal the test switches, firing the browser's events as it goes. */
function device(online: boolean) {
  const listeners = { online: new Set<() => void>(), offline: new Set<() => void>() };
  const signal: DeviceSignal = {
    online: () => online,
    on: (event, listener) => {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
  };
  const set = (now: boolean) => {
    online = now;
    for (const listener of listeners[now ? 'online' : 'offline']) listener();
  };
  return { signal, set };
}

function deps(signal: DeviceSignal, confirm: AttemptDeps['confirm']) {
  const states: PlaceState[] = [];
  return {
    states,
    deps: {
      confirm,
      failure: () => 'No tuvimos respuesta a tiempo.',
      signal,
      store: null,
      setState: (state: PlaceState) => states.push(state),
      onPlaced: vi.fn(),
      onRefused: vi.fn(),
    } satisfies AttemptDeps,
  };
}

describe('attemptPlacement', () => {
  it('queues an order placed without signal, whatever error the send meets', async () => {
    const { signal } = device(false);
    // Offline, the socket's code may not even be on the phone: not a timeout, still no signal.
    const { states, deps: d } = deps(signal, () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(attemptPlacement(payload, false, d)).resolves.toBe('wait');
    expect(states).toEqual([{ step: 'waiting' }, { step: 'waiting' }]);
  });

  it('queues it when the signal went during the send and is still gone when it fails', async () => {
    const { signal, set } = device(true);
    const { states, deps: d } = deps(signal, () => {
      set(false);
      return Promise.reject(new Error('timeout'));
    });
    await expect(attemptPlacement(payload, false, d)).resolves.toBe('wait');
    expect(states.at(-1)).toEqual({ step: 'waiting' });
  });

  it('sends it again when the signal went and came back before the failure arrived', async () => {
    const { signal, set } = device(true);
    const { states, deps: d } = deps(signal, () => {
      set(false);
      set(true);
      return Promise.reject(new Error('timeout'));
    });
    await expect(attemptPlacement(payload, false, d)).resolves.toBe('again');
    expect(states.some((state) => state.step === 'failed')).toBe(false);
  });

  it('says the failure when the device had signal all along', async () => {
    const { signal } = device(true);
    const { states, deps: d } = deps(signal, () => Promise.reject(new Error('timeout')));
    await expect(attemptPlacement(payload, false, d)).resolves.toBe('done');
    expect(states.at(-1)).toEqual({ step: 'failed', message: 'No tuvimos respuesta a tiempo.' });
  });

  it('hands a placed order to the screen', async () => {
    const { signal } = device(true);
    const answer = { status: true, order: { id: 7 } } as unknown as ConfirmCartAnswer;
    const { states, deps: d } = deps(signal, () => Promise.resolve(answer));
    await expect(attemptPlacement(payload, false, d)).resolves.toBe('done');
    expect(d.onPlaced).toHaveBeenCalledWith({ id: 7 }, undefined);
    expect(states).toEqual([{ step: 'sending', resumed: false }, { step: 'idle' }]);
  });
});
