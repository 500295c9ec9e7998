import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate the routes, browsable at /docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Comanda API',
          description:
            'API de la tienda en línea de Comanda. Las formas siguen la especificación del storefront; los errores responden `{ message }` o `{ message, errors: { campo: [mensaje] } }`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'El access_token de POST /api/login' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
          .replace("img-src 'self' data: blob:", "img-src 'self' data: blob: validator.swagger.io"),
    });
  },
  { name: 'docs' },
);
