import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// In development the API, its images, the socket and the API docs live on the server (port 3000).
const serverTarget = 'http://localhost:3000';
const proxied = ['/api', '/images', '/docs'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: serverTarget, changeOrigin: true }])),
      '/socket.io': { target: serverTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: serverTarget, changeOrigin: true }])),
      '/socket.io': { target: serverTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    // The server reads the manifest (and bench:web walks it) to know which files a route needs.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // @comanda/shared is pure (no DOM, no globals) but its package.json cannot say so for
        // this app alone: without this, importing `formatMoney` would ship every zod schema.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
