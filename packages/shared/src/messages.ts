import { FALLBACK_MESSAGES } from './fallback-messages';

/**
 * Customer-facing Spanish messages that the server sends and the storefront shows.
 * Written once so both sides say the same thing.
 */
export const MESSAGES = {
  ...FALLBACK_MESSAGES,
  routeNotFound: 'Esta dirección no existe.',
  branchNotFound: 'No encontramos esa sede.',
  categoryNotFound: 'No encontramos esa categoría.',
  productNotFound: 'No encontramos ese producto.',
  couponNotFound: 'Esta sede no tiene un cupón activo.',
  segmentNotFound: 'No encontramos esos parámetros.',
  invalidParams: 'Los datos de la solicitud no son válidos.',
  invalidBody: 'El contenido enviado no es válido.',
  bodyTooLarge: 'El contenido enviado es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido no es compatible.',
  /** A staff or admin call by someone whose role or branches do not cover it. */
  forbidden: 'No tienes permiso para esta sede.',
  unavailable: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
  invalidSlug: 'El identificador no es válido.',
  invalidId: 'El número de sede no es válido.',
  /** A whole number out of what the field takes (or than its column holds). */
  invalidNumber: 'El número no es válido.',
  /** A day that is not on the calendar, or outside DAY_MIN…DAY_MAX (decision 074). */
  invalidDay: 'Escribe una fecha real como AAAA-MM-DD, entre el año 2000 y el 2100.',
} as const;

/**
 * What only the server words (its error handler and its own checks of a request), kept out of
 * MESSAGES: the storefront's first load carries MESSAGES whole, and never says these itself.
 */
export const SERVER_MESSAGES = {
  /** A body field the endpoint does not take (decision 074). */
  unknownField: 'Este campo no se admite.',
  /** A business day more than a year from today, either way (decision 074). */
  dayOutOfReach: 'Elige un día entre hace un año y dentro de un año.',
  /**
   * A 429 that says how long to wait, from its Retry-After in seconds: «Demasiadas solicitudes.
   * Intenta de nuevo en 5 minutos.» (the error handler words every limit's refusal with it).
   */
  tooManyRequestsFor: (seconds: number) =>
    `Demasiadas solicitudes. Intenta de nuevo en ${waitWords(seconds)}.`,
} as const;

/** «40 segundos», «1 minuto», «15 minutos», «2 horas»: a wait rounded up to its unit. */
function waitWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'segundo');
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? plural(minutes, 'minuto') : plural(Math.ceil(minutes / 60), 'hora');
}
