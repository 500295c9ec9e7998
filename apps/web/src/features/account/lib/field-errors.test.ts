import { loginBody, registerBody, LOGIN_MESSAGES, ACCOUNT_MESSAGES } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromIssues, firstInvalid, problemsFromError } from './field-errors';

describe('fieldErrorsFromIssues', () => {
  it('gives the shared schema\'s first message per field', () => {
    const parsed = loginBody.safeParse({ email_login: '  ', password_login: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsFromIssues(parsed.error.issues, ['email_login', 'password_login'])).toEqual({
      email_login: LOGIN_MESSAGES.loginRequired,
      password_login: LOGIN_MESSAGES.passwordRequired,
    });
  });

  it('puts the confirmation mismatch on the confirmation field', () => {
    const parsed = registerBody.safeParse({ name: 'A', email: 'a@b.co', phone: '3001234567', password: '12345678', password_confirmation: 'x' });
    if (parsed.success) throw new Error('expected a failure');
    expect(fieldErrorsFromIssues(parsed.error.issues, ['name', 'password_confirmation'])).toEqual({
      password_confirmation: ACCOUNT_MESSAGES.confirmationMismatch,
    });
  });
});

describe('problemsFromError', () => {
  const fields = ['email', 'phone'] as const;

  it('puts a 400\'s field errors beside their fields', () => {
    const error = new ApiError(400, 'El contenido enviado no es válido.', { email: [ACCOUNT_MESSAGES.emailTaken] });
    expect(problemsFromError(error, fields)).toEqual({ fields: { email: ACCOUNT_MESSAGES.emailTaken }, form: null });
  });

  it('shows a 429 or a network failure above the button', () => {
    expect(problemsFromError(new ApiError(429, 'Demasiados intentos'), fields)).toEqual({ fields: {}, form: 'Demasiados intentos' });
    expect(problemsFromError(new ApiError(0, 'Sin conexión'), fields).form).toBe('Sin conexión');
  });

  it('never hides an error for a field the form does not show', () => {
    const error = new ApiError(400, 'No válido', { other: ['Algo raro'] });
    expect(problemsFromError(error, fields)).toEqual({ fields: {}, form: 'Algo raro' });
  });

  it('firstInvalid follows the form order', () => {
    expect(firstInvalid(fields, { phone: 'x', email: 'y' })).toBe('email');
    expect(firstInvalid(fields, {})).toBeUndefined();
  });
});
