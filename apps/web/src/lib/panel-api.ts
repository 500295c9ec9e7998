import type { AnswerOf, Endpoint } from '@comanda/shared';
import { call, type CallArgs, type CallInput } from '@/lib/api-client';
import { usePanelSession } from '@/stores/panel-session';

/**
 * `call` with the console's own token (the app's default is the customer's). Read at call time,
 * so a login or a logout applies to the very next request. Shared by the branch console and every
 * part of the back office.
 */
export function panelCall<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as CallInput<E>;
  const withToken = {
    ...given,
    headers: {
      Authorization: `Bearer ${usePanelSession.getState().access_token ?? ''}`,
      ...given.headers,
    },
  } as CallInput<E>;
  return call(endpoint, ...([withToken] as CallArgs<E>));
}

/** Every console query key starts here: logging out drops them all at once. */
export const PANEL_KEY = 'panel';

/**
 * The back office's keys: `[PANEL_KEY, 'admin', <resource>, …]`, so a logout drops them with the
 * rest and a change to one resource can refresh every list of it.
 */
export const adminKey = (resource: string, ...rest: unknown[]) =>
  [PANEL_KEY, 'admin', resource, ...rest] as const;
