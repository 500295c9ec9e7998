import { create } from 'zustand';
import { isRecord } from '@/lib/is-record';

/**
 * The console's session on this device, apart from the customer's `storage` key: a counter
 * tablet logged in as staff never logs a customer in (nor out) on the storefront, and the contract's
 * `storage` keeps exactly its six fields. The chosen branch stays when staff log out, so the
 * next shift on the same tablet lands on the same board.
 */
export const PANEL_STORAGE_KEY = 'comanda:panel';

export interface PanelUser {
  id: number;
  name: string;
  email: string;
}

interface PersistedPanelSession {
  access_token: string | null;
  user: PanelUser | null;
  /** The branch this device runs, as last chosen here. */
  branch_id: number | null;
}

interface PanelSessionState extends PersistedPanelSession {
  login: (accessToken: string, user: PanelUser) => void;
  /** Ends the session on this device; the branch choice stays. */
  logout: () => void;
  chooseBranch: (branchId: number | null) => void;
}

/** localStorage is user-editable: keep only well-formed fields. */
export function sanitizePanelSession(persisted: unknown): Partial<PersistedPanelSession> {
  if (!isRecord(persisted)) return {};
  const out: Partial<PersistedPanelSession> = {};
  const { access_token, user, branch_id } = persisted;
  if (
    typeof access_token === 'string' &&
    isRecord(user) &&
    typeof user.id === 'number' &&
    typeof user.email === 'string'
  ) {
    out.access_token = access_token;
    out.user = {
      id: user.id,
      email: user.email,
      name: typeof user.name === 'string' ? user.name : '',
    };
  }
  if (typeof branch_id === 'number' && Number.isSafeInteger(branch_id) && branch_id > 0)
    out.branch_id = branch_id;
  return out;
}

function restore(): Partial<PersistedPanelSession> {
  try {
    return sanitizePanelSession(JSON.parse(localStorage.getItem(PANEL_STORAGE_KEY) ?? 'null'));
  } catch {
    return {};
  }
}

// Saved by hand rather than with zustand's persist middleware: three fields need no more, and
// the storefront's first load would otherwise export the middleware to this chunk.
export const usePanelSession = create<PanelSessionState>()((set) => ({
  access_token: null,
  user: null,
  branch_id: null,
  ...restore(),
  login: (access_token, user) => set({ access_token, user }),
  logout: () => set({ access_token: null, user: null }),
  chooseBranch: (branch_id) => set({ branch_id }),
}));

usePanelSession.subscribe(({ access_token, user, branch_id }) => {
  try {
    localStorage.setItem(
      PANEL_STORAGE_KEY,
      JSON.stringify({ access_token, user, branch_id } satisfies PersistedPanelSession),
    );
  } catch {
    // Storage full or blocked: the session lasts as long as the tab.
  }
});
