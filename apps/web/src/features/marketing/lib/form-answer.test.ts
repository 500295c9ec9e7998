import { MESSAGES, marketingAnswerFromIssues, discountBody } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { firstInvalid, hasProblems, problemsFromAnswer, problemsFromError } from './form-answer';

const fields = ['name', 'phone', 'email', 'confirmation', 'address', 'source_id'] as const;

describe('problemsFromAnswer', () => {
  it('puts the first message of each shown field beside it (state 3)', () => {
    const problems = problemsFromAnswer(
      { status: false, error: null, errors: { name: ['El nombre es requerido', 'otra'], phone: ['Longitud minima 10'] } },
      fields,
    );
    expect(problems).toEqual({ fields: { name: 'El nombre es requerido', phone: 'Longitud minima 10' }, heading: null });
    expect(firstInvalid(problems, fields)).toBe('name');
  });

  it('shows a single error as the heading (state 4)', () => {
    const error = 'Este email ya está inscrito en la sede Campiña';
    expect(problemsFromAnswer({ status: false, error, errors: {} }, fields)).toEqual({ fields: {}, heading: error });
  });

  it('never hides an error about a field the form does not show', () => {
    const problems = problemsFromAnswer({ status: false, error: null, errors: { branch_id: ['No encontramos esa sede.'] } }, fields);
    expect(problems.heading).toBe('No encontramos esa sede.');
    expect(hasProblems(problems)).toBe(true);
  });

  it('reads the shared schema\'s own check the same way the server answers it', () => {
    const parsed = discountBody.safeParse({ name: '', phone: '300123456', email: 'a@b.co', confirmation: 'x@b.co', address: 'Calle 1', source_id: '2', branch_id: 1 });
    expect(parsed.success).toBe(false);
    const problems = problemsFromAnswer(marketingAnswerFromIssues(parsed.error!.issues), fields);
    expect(problems.fields).toEqual({
      name: 'El nombre es requerido',
      phone: 'Longitud minima 10',
      confirmation: 'Confirmación no coincide con email',
    });
  });
});

describe('problemsFromError', () => {
  it("reads the server's refusal out of an ApiError", () => {
    const body = { status: false, error: null, errors: { email: ['El email es requerido'] }, message: 'Revisa los datos marcados.' };
    const problems = problemsFromError(new ApiError(400, 'Revisa los datos marcados.', body.errors, body), fields);
    expect(problems).toEqual({ fields: { email: 'El email es requerido' }, heading: null });
  });

  it('shows any other failure as the heading, in Spanish', () => {
    expect(problemsFromError(new ApiError(0, NETWORK_ERROR_MESSAGE), fields).heading).toBe(NETWORK_ERROR_MESSAGE);
    expect(problemsFromError(new ApiError(429, MESSAGES.tooManyRequests, undefined, { message: MESSAGES.tooManyRequests }), fields).heading).toBe(
      MESSAGES.tooManyRequests,
    );
    expect(problemsFromError(new Error('boom'), fields).heading).toBe(MESSAGES.internal);
  });
});
