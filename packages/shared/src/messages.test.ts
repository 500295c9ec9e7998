import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from './messages';

describe('SERVER_MESSAGES.tooManyRequestsFor', () => {
  it('names the wait a Retry-After gives, rounded up to its unit', () => {
    expect(SERVER_MESSAGES.tooManyRequestsFor(900)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 15 minutos.',
    );
    expect(SERVER_MESSAGES.tooManyRequestsFor(61)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 2 minutos.',
    );
    expect(SERVER_MESSAGES.tooManyRequestsFor(60)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 1 minuto.',
    );
    expect(SERVER_MESSAGES.tooManyRequestsFor(10)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 10 segundos.',
    );
    expect(SERVER_MESSAGES.tooManyRequestsFor(1)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 1 segundo.',
    );
    expect(SERVER_MESSAGES.tooManyRequestsFor(7200)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 2 horas.',
    );
  });
});
