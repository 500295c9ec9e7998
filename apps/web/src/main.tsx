import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, preloadScreen } from '@/app/router';
import { createQueryClient, refetchWhenOnline } from '@/lib/query-client';
import { deviceSession } from '@/stores/session-store';
import type { ServerState } from './entry-server';
import '@/styles/global.css';

// index.html has it; without it React's own error says the target is not a DOM element.
const root = document.getElementById('root')!;

/**
 * The moment the page answers taps: a server-rendered button does nothing until React has
 * hydrated it. `<html data-interactive>` says so, for a browser test to wait on
 * (e2e/base-test.ts) instead of tapping a page that is not listening yet. Outside `#root`, so it
 * is no part of what React hydrates.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

const queryClient = createQueryClient();
refetchWhenOnline(queryClient);
// The tab's one session store, restored from the device (decision 066).
const session = deviceSession();
const app = (
  <StrictMode>
    <AppProvider client={queryClient} session={session}>
      <AppRouter />
    </AppProvider>
    <MarkInteractive />
  </StrictMode>
);

// A page the server rendered (decision 030) carries the answers it used and the branch it
// assumed: the cache starts with them (read now, so no second fetch) and React hydrates the HTML
// with the same session the server saw, then renders the device's own (cart, login).
const serverState = document.getElementById('ssr-state')?.textContent;
if (serverState) {
  const { branch, delivery, queries } = JSON.parse(serverState) as ServerState;
  // A product answer is personal (its `favorite`): a logged-in customer's is read again at once.
  const loggedIn = session.getState().loggedIn;
  for (const [key, data] of queries) {
    queryClient.setQueryData(key, data, {
      updatedAt: loggedIn && key[0] === 'product' ? 0 : Date.now(),
    });
  }
  session.hydrateAs(branch, delivery);
  // The screen is hydrated in the same pass as the frame, never thrown away (router.tsx). A chunk
  // that fails to download is the screen's error boundary's to show, as on any navigation.
  // As a transition, React hydrates in slices of a few milliseconds and lets the phone paint and
  // answer a tap between them: in one piece it was a task of 35–50 ms here (×4 on a cheap phone).
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  void preloadScreen(location.pathname).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
