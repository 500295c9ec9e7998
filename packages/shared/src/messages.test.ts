import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('MESSAGES.tooManyRequestsFor', () => {
  it('names the wait a Retry-After gives, rounded up to its unit', () => {
    expect(MESSAGES.tooManyRequestsFor(900)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 15 minutos.',
    );
    expect(MESSAGES.tooManyRequestsFor(61)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 2 minutos.',
    );
    expect(MESSAGES.tooManyRequestsFor(60)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 1 minuto.',
    );
    expect(MESSAGES.tooManyRequestsFor(10)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 10 segundos.',
    );
    expect(MESSAGES.tooManyRequestsFor(1)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 1 segundo.',
    );
    expect(MESSAGES.tooManyRequestsFor(7200)).toBe(
      'Demasiadas solicitudes. Intenta de nuevo en 2 horas.',
    );
  });
});
