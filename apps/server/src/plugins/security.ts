import fp from 'fastify-plugin';

/**
 * A strict CSP: the storefront runs only its own scripts and styles from its own origin (no
 * inline code; the pages' own policy adds, by hash, their inline stylesheets and the one script
 * that loads their code, web.ts), talks only
 * to its own origin (HTTP and the Socket.IO websocket), and may not be framed. /docs loosens
 * what Swagger UI needs on its own routes.
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

/**
 * The CSP with `style-src` and `script-src` also allowing the inline stylesheets and scripts
 * whose hashes are given (CSP's `'sha256-…'` sources): the storefront's pages carry their first
 * screen's stylesheets inline, and the script that loads their code (web/screens.ts), and only
 * those exact texts may run or apply. No other inline script or style.
 */
export function contentSecurityPolicy(
  styleHashes: readonly string[],
  scriptHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The hardening headers helmet would send, computed once. (helmet rebuilt its CSP string on
 * every request: a tenth of the catalogue's CPU time in bench:api.)
 */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/**
 * Answers that carry an access token or someone's personal data: no cache, shared or the
 * browser's own, may keep them (ASVS 8.2.1). Matched on the route's pattern, so every route
 * under a prefix is covered as soon as it exists; an error from such a route is covered too.
 */
export const PRIVATE_ROUTE_PREFIXES = [
  '/api/login',
  '/api/register',
  '/api/logout',
  '/api/me',
  '/api/sessions',
  '/api/cart-history',
  '/api/addresses',
  '/api/orders',
  '/api/favorites',
  '/api/staff',
  '/api/admin',
] as const;

export function isPrivateRoute(url: string | undefined): boolean {
  if (!url) return false;
  return PRIVATE_ROUTE_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export const securityPlugin = fp(
  async (app) => {
    // Callback style: no promise per request for a hook that never waits.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      if (isPrivateRoute(request.routeOptions.url)) reply.header('cache-control', 'no-store');
      done();
    });

    // Socket.IO answers its own HTTP requests (the long-polling transport, the handshake and its
    // errors) before Fastify sees them, so Fastify's hooks never run there. An engine middleware
    // runs on every one of them; polling answers already say `cache-control: no-store`.
    app.addHook('onReady', function setSocketHeaders(done) {
      if (this.hasDecorator('io')) {
        this.io.engine.use(
          (
            _req: unknown,
            res: { setHeader(name: string, value: string): void },
            next: () => void,
          ) => {
            for (const [name, value] of Object.entries(SECURITY_HEADERS))
              res.setHeader(name, value);
            next();
          },
        );
      }
      done();
    });
  },
  { name: 'security' },
);
