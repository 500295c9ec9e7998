/**
 * What a client says when an error answer carries no message of its own (part of MESSAGES too).
 * A module of their own: the bundler places whole modules, and the storefront's fetch wrapper,
 * part of every first load, needs these three and not the rest of MESSAGES.
 */
export const FALLBACK_MESSAGES = {
  notFound: 'No encontramos lo que buscas.',
  tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en un momento.',
  internal: 'Tuvimos un problema. Intenta de nuevo en un momento.',
} as const;
