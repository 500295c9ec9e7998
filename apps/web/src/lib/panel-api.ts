import { api, type RequestOptions } from '@/lib/api-client';
import { usePanelSession } from '@/stores/panel-session';

/**
 * The one fetch wrapper, with the console's own token (the app's default is the customer's).
 * Read at call time, so a login or a logout applies to the very next request. Shared by the
 * branch console and every part of the back office.
 */
const withToken = (options?: Omit<RequestOptions, 'body'>): Omit<RequestOptions, 'body'> => ({
  ...options,
  headers: {
    Authorization: `Bearer ${usePanelSession.getState().access_token ?? ''}`,
    ...options?.headers,
  },
});

export const panelApi = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    api.get<T>(path, withToken(options)),
  post: <T>(path: string, body?: unknown) => api.post<T>(path, body, withToken()),
  put: <T>(path: string, body?: unknown) => api.put<T>(path, body, withToken()),
  patch: <T>(path: string, body?: unknown) => api.patch<T>(path, body, withToken()),
  delete: <T>(path: string) => api.delete<T>(path, withToken()),
  /** `multipart/form-data` (an image upload): the browser writes the boundary. */
  postForm: <T>(path: string, form: FormData) => api.post<T>(path, form, withToken()),
};

/** Every console query key starts here: logging out drops them all at once. */
export const PANEL_KEY = 'panel';

/**
 * The back office's keys: `[PANEL_KEY, 'admin', <resource>, …]`, so a logout drops them with the
 * rest and a change to one resource can refresh every list of it.
 */
export const adminKey = (resource: string, ...rest: unknown[]) => [PANEL_KEY, 'admin', resource, ...rest] as const;
