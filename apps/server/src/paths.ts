import { fileURLToPath } from 'node:url';

// Resolved from this module, so they hold both from src/ (tsx, tests) and dist/ (the bundle).
export const PUBLIC_IMAGES_DIR = fileURLToPath(new URL('../public/images', import.meta.url));
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
