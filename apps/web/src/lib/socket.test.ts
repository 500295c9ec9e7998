import { SOCKET_RECONNECT } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { RECONNECT } from './socket';

describe('socket reconnect settings', () => {
  it('are the spec §9 values the shared contract holds', () => {
    expect(RECONNECT).toEqual(SOCKET_RECONNECT);
  });
});
