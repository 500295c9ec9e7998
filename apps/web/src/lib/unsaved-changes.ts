import { useEffect } from 'react';

/** What the browser asks before leaving a form with changes not saved. */
export const UNSAVED_QUESTION = 'Tienes cambios sin guardar. ¿Salir y perderlos?';

/**
 * Warns before a form's unsaved changes are lost: closing or reloading the tab (the browser's own
 * question), and following any link of the app (a route change, a tab of a section: they are all
 * links). The app runs on BrowserRouter, which has no navigation blocker, so a link's click is
 * caught on the way down, before React Router's Link sees it, and dropped unless the admin
 * confirms. `dirty` false (saved, or untouched) lets everything through.
 */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (window.confirm(UNSAVED_QUESTION)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
