import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict CSP: the storefront runs only its own scripts and styles from
 * its own origin (no inline code), talks only to its own origin (HTTP and the Socket.IO
 * websocket), and may not be framed. /docs loosens what Swagger UI needs on its own routes.
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The storefront's images are same-origin; nothing here needs cross-origin isolation.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
