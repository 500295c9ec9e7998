import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorker } from './pwa.config';

// In development the API, its images, the socket and the API docs live on the server (port 3000).
const serverTarget = 'http://localhost:3000';
const proxied = ['/api', '/images', '/docs'];

/**
 * TanStack Query's hooks for mutations, infinite and parallel queries: only lazy screens use them,
 * so they stay out of the framework chunk every first load downloads.
 */
const LAZY_QUERY_PARTS =
  /@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|queriesObserver|useQueries|infiniteQueryOptions|mutationOptions)\.js$/;

/**
 * Small modules every entry and many lazy screens import (the record check, the fallback
 * messages, the icons' frame): left alone, the bundler made each a file of its own on every first load
 * (about 90 gzipped bytes of names and imports for 0.3 KB of code). They ride in the framework
 * chunk, which every page loads anyway.
 */
const ENTRY_SLIVERS =
  /(src[\\/]lib[\\/]is-record|packages[\\/]shared[\\/]src[\\/]fallback-messages)\.ts$|src[\\/]components[\\/]ui[\\/]icon\.tsx$/;

/**
 * React Router's components made by `forwardRef` at the top of its module (`Link`, `NavLink`,
 * `Form`, …) carry no pure annotation and are then given a `displayName`, so the bundler keeps
 * every one of them, used or not (`<Form>` with all the form-submission code), in the framework
 * chunk every first load downloads. `forwardRef` has no side effect: annotated, and without the
 * name (DevTools still shows the render function's own, e.g. `ForwardRef(LinkWithRef)`), what
 * the app never renders is left out.
 */
const pureRouterComponents = {
  name: 'pure-router-components',
  apply: 'build' as const,
  transform(code: string, id: string) {
    if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
    const components = [...code.matchAll(/^var (\w+) = React\d*\.forwardRef\(/gm)].map(
      (match) => match[1],
    );
    if (components.length === 0) return null;
    const named = new RegExp(`^(?:${components.join('|')})\\.displayName = "[^"]*";$`, 'gm');
    return {
      code: code
        .replace(/^(var \w+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2')
        .replace(named, ''),
      map: null,
    };
  },
};

/** React and the packages that import it: one copy of each, inside the server-side entry. */
const SSR_REACT = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  '@tanstack/query-core',
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // React's JSX and Fast Refresh in development.
  // The service worker belongs to the browser build only (pwa.config.ts); the icons are the
  // server's, made from the chain's logo.
  plugins: [
    react(),
    pureRouterComponents,
    ...(command === 'build' && !isSsrBuild ? [serviceWorker()] : []),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The package's prebuilt ES module rather than its entry: the entry's `import * as parser`
      // makes the bundler split runtime helpers out of the app's entry into a chunk that every
      // first load then pays for (+0.3 KB gzipped on the 100 KB budget). Same package and version.
      {
        find: 'socket.io-client',
        replacement: fileURLToPath(
          new URL('../../node_modules/socket.io-client/dist/socket.io.esm.min.js', import.meta.url),
        ),
      },
      // In the build, the package's production build: its default export condition is the
      // development build, whose warnings every first load carried (0.5 KB gzipped). Same package
      // and version; development and tests keep the warnings.
      ...(command === 'build'
        ? [
            {
              find: 'react-router',
              replacement: fileURLToPath(
                new URL(
                  '../../node_modules/react-router/dist/production/index.mjs',
                  import.meta.url,
                ),
              ),
            },
          ]
        : []),
      // zod configured for the browser before any schema is built (no eval, Spanish), in the
      // browser build only: the server render shares the server's zod. Only the bare `zod` is
      // redirected; the wrapper reads `zod/v4`, the same modules.
      ...(command === 'build' && !isSsrBuild
        ? [
            {
              find: /^zod$/,
              replacement: fileURLToPath(
                new URL('./src/lib/zod-in-the-browser.ts', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [path, { target: serverTarget, changeOrigin: true }]),
      ),
      '/socket.io': { target: serverTarget, ws: true, changeOrigin: true },
    },
  },
  // In the build, a CSS module's class is a short hash (`_k3Fq9`) rather than
  // `_header_1hb47_1`: every screen's JavaScript carries its class names, and on /menu's first
  // load they were about 2 % of the bytes. The same file and class give the same name in the
  // browser and the server builds, so the server's HTML hydrates. Development keeps readable names.
  css: {
    modules: command === 'build' ? { generateScopedName: '_[hash:base64:5]' } : {},
  },
  preview: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [path, { target: serverTarget, changeOrigin: true }]),
      ),
      '/socket.io': { target: serverTarget, ws: true, changeOrigin: true },
    },
  },
  // The server-side entry (src/entry-server.tsx, built into dist/.ssr by `vite build --ssr`) is
  // loaded by the server's web plugin. @comanda/shared is TypeScript source and is bundled; so is
  // React with everything that imports it (the router, TanStack Query), built for production:
  // taken from node_modules, React picks its build by the process's NODE_ENV at run time, and a
  // server started without NODE_ENV=production rendered every page with React's development
  // checks (a quarter of a rebuild's CPU). The server's own zod stays shared.
  ssr: { noExternal: ['@comanda/shared', ...SSR_REACT] },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    // The server reads the manifest (and bench:web walks it) to know which files a route needs.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Browsers preload lazy chunks natively (<link rel=modulepreload>); without support a chunk
    // still loads, just without the head start. The polyfill would cost every first load.
    modulePreload: {
      polyfill: false,
      // A lazy screen's stylesheets are still fetched beside its chunk (Vite always lists them),
      // but not the chunks it imports: their names, for every screen, were 0.9 KB of the entry,
      // on every first load, for a head start on later navigations only. A screen's imports are
      // mostly the framework and the storefront's shared chunks, loaded by then; the rest come one
      // round trip after the screen's chunk. The first screen's own are named in its HTML by the
      // server (apps/server/src/plugins/web.ts), from the manifest.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // @comanda/shared is pure (no DOM, no globals) but its package.json cannot say so for
        // this app alone: without this, importing `formatMoney` would ship every zod schema.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Lazy chunks and their CSS are named by content hash alone: the entry carries the name of
        // every file a lazy screen needs (its preload map), so each readable name was bytes on
        // every first load. Seven characters, the least Rolldown accepts for this many chunks: a
        // hash is random, so gzip cannot shrink it, and the map names about fifty of them. The
        // manifest still maps each source file to its chunk.
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
        // The framework every screen needs (React, the router, TanStack Query) as one chunk,
        // instead of slivers split off by whichever screens share them: fewer files, fewer bytes.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                (/node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(
                  id,
                ) &&
                  !LAZY_QUERY_PARTS.test(id)) ||
                ENTRY_SLIVERS.test(id),
            },
            // The catalogue image component with the naming rule and shown sizes it reads: one
            // lazy file for every screen with a photo, not one per piece.
            {
              name: 'picture',
              test: /src[\\/](components[\\/]ui[\\/]picture|image-(variants|sizes))\.tsx?$/,
            },
            // What /menu's first screen reads and shows besides its own chunk, which the other
            // storefront screens share too: the catalogue's and the delivery's queries, the
            // delivery line, the chosen branch, money and names. As one lazy file rather than ten
            // slivers, each with its own imports, exports and name in the preload map (0.9 KB of
            // /menu's first load).
            {
              name: 'storefront',
              // Their dependencies (the api client, the session store) stay in the entry. The
              // chain's menu (get-chain-*) is read only before a branch is chosen, by the category
              // and product screens: in here it would bring the shared query keys to /menu. A
              // category's own answer (get-category) is read by the category screen and search,
              // and the neighbourhoods (their list and its search) by the address step and
              // checkout, never by /menu. The offer's and the promotions' slots, the dietary tags'
              // list and the order type's segmented control (which the counter's new order also
              // shows) were files of their own on /menu's first load (decision 086).
              includeDependenciesRecursively: false,
              test: /(src[\\/](features[\\/](catalog|branches)[\\/]api[\\/](?!get-chain-|get-category\.)|entities[\\/]delivery[\\/](?!lib[\\/]neighbourhood-search|api[\\/]get-neighbourhoods)|features[\\/]delivery[\\/](components[\\/]delivery-promise|hooks)|features[\\/]branches[\\/]hooks|lib[\\/]use-windowed-list|app[\\/]layout[\\/](other-branch|promotions)-slot|components[\\/]ui[\\/]segmented-control)|packages[\\/]shared[\\/]src[\\/](names|money|dietary-tags)\.ts$)/,
            },
            // What a category and a product page draw above their content (the catalogue's
            // notices, the closed branch's line): one file and one stylesheet rather than two of
            // each on both pages' critical path.
            {
              name: 'catalog-notice',
              includeDependenciesRecursively: false,
              test: /src[\\/](features[\\/]catalog[\\/]components[\\/]catalog-(notice|icons)|app[\\/]layout[\\/]closed-branch-line)(\.tsx|\.module\.css)$/,
            },
            // A category page's cards (shared with search, hence a chunk of their own) and its
            // cart bar (the category screen's only other style): one stylesheet on the page's
            // critical path, not two. Search loads the bar's few rules unused.
            {
              name: 'product-cards',
              includeDependenciesRecursively: false,
              test: /src[\\/](features[\\/]catalog[\\/]components[\\/](product-list\.tsx|category-view\.module\.css)|components[\\/]cart-bar[\\/])/,
            },
            // The small code several screens share (entities, shared query keys, ids, the confirm
            // dialog) as one lazy chunk: each separate sliver would add its file name to the
            // first load's preload map.
            {
              name: 'shared',
              // Its dependencies (the api client, the session store) stay where they are: in the
              // entry, which every screen has already loaded.
              includeDependenciesRecursively: false,
              // Not the delivery entity: /menu reads it on its first load, and in this chunk it would
              // bring every other entity (and TanStack's mutations) along. Not the order-time
              // picker either: only checkout and the menu line's sheet show it, and here it would
              // bring the slots' words and zod to every page's real time.
              test: /src[\\/](entities[\\/](?!delivery[\\/]|schedule[\\/])|lib[\\/](query-keys|random-id)|components[\\/]ui[\\/]confirm-dialog)/,
            },
          ],
        },
      },
    },
  },
}));
