import { trapFocusInModal } from '@/lib/focus-trap';

/** Keeps Tab inside the open overlay until `signal` aborts. Loaded when an overlay first opens. */
export function trapOverlayFocus(signal: AbortSignal): void {
  document.addEventListener('keydown', trapFocusInModal, { signal });
}
