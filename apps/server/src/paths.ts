import { fileURLToPath } from 'node:url';

// Resolved from this module, so they hold both from src/ (tsx, tests) and dist/ (the bundle).
export const PUBLIC_IMAGES_DIR = fileURLToPath(new URL('../public/images', import.meta.url));
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The logo the software ships with, the chain's until its admin uploads one (decision 049). */
export const SHIPPED_LOGO = fileURLToPath(new URL('../public/brand-logo.svg', import.meta.url));
