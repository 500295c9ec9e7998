// The browser build resolves `zod` to this module (vite.config.ts), so it runs before any schema
// is built, in whichever chunk first needs zod:
// - the pages' CSP (`script-src 'self'`) forbids eval, and zod's probe for its compiled parsers
//   (`new Function('')`, made as the first object schema is built) was a CSP violation on every
//   page that loads a schema;
// - zod's own messages speak Spanish, as on the server (packages/shared/src/zod-locale.ts, whose
//   side effect the storefront build leaves out with the rest of the shared package's).
import { z } from 'zod/v4';

z.config({ ...z.locales.es(), jitless: true });

export * from 'zod/v4';
