/**
 * The storefront's code is written against React's API and runs on Preact's compatibility layer
 * (decision 024): the same components, hooks and libraries (React Router, TanStack Query,
 * zustand) at a sixth of React DOM's bytes on every first load. The build and the unit tests
 * both resolve React through these aliases, so the tests run what ships.
 */
export const reactOnPreact: Record<string, string> = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: 'preact/compat',
};
