const TABBABLE =
  'a[href],button:not(:disabled),input:not(:disabled),select:not(:disabled),textarea:not(:disabled),[tabindex="0"]';

/**
 * A modal <dialog> makes the page inert, but Tab from its last control still leaves for the
 * browser's own toolbar. Keeps Tab and Shift+Tab cycling inside the topmost open modal dialog,
 * whichever screen opened it.
 */
export function trapFocusInModal(event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const dialog = [...document.querySelectorAll('dialog:modal')].pop();
  if (!dialog) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((item) =>
    item.checkVisibility(),
  );
  const edge = event.shiftKey ? items[0] : items.at(-1);
  const active = document.activeElement;
  if (!active || !dialog.contains(active) || active === edge || !edge) {
    event.preventDefault();
    (event.shiftKey ? items.at(-1) : items[0])?.focus();
  }
}
