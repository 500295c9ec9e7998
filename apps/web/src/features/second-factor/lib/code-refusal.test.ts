import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { problemsFromError } from '@/lib/form/problems';
import { codeRefusal } from './code-refusal';

const refused = (failure: unknown) => {
  try {
    codeRefusal('No pudimos activarla. Intenta de nuevo.')(failure);
  } catch (error) {
    return problemsFromError(error, ['code'] as const);
  }
  throw new Error('codeRefusal always throws');
};

describe('codeRefusal', () => {
  it("puts the server's message about the code beside the code field", () => {
    const failure = new ApiError(400, 'Datos inválidos', { code: ['El código no es válido'] });
    expect(refused(failure)).toEqual({ fields: { code: 'El código no es válido' }, form: null });
  });

  it('puts a refusal in one sentence there too', () => {
    expect(refused(new ApiError(429, 'Demasiados intentos'))).toEqual({
      fields: { code: 'Demasiados intentos' },
      form: null,
    });
  });

  it('says the fallback when no answer came', () => {
    expect(refused(new TypeError('Failed to fetch'))).toEqual({
      fields: { code: 'No pudimos activarla. Intenta de nuevo.' },
      form: null,
    });
  });
});
