import {
  ACCOUNT_MESSAGES,
  ADMIN_BRANCH_MESSAGES,
  ADMIN_MESSAGES,
  LOGIN_MESSAGES,
  MESSAGES,
  branchZonesBody,
  discountBody,
  loginBody,
  registerBody,
} from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import {
  firstInvalid,
  hasProblems,
  problemsFromError,
  problemsFromIssues,
  problemsFromParse,
} from './problems';

describe('problemsFromParse / problemsFromIssues (the shared schema, in the browser)', () => {
  it("gives the schema's first message per field", () => {
    expect(
      problemsFromParse(loginBody.safeParse({ email_login: '  ', password_login: '' }), [
        'email_login',
        'password_login',
      ]),
    ).toEqual({
      fields: {
        email_login: LOGIN_MESSAGES.loginRequired,
        password_login: LOGIN_MESSAGES.passwordRequired,
      },
      form: null,
    });
  });

  it('reads the discount rules the way the server answers them', () => {
    const fields = ['name', 'phone', 'email', 'confirmation', 'address', 'source_id'] as const;
    const parsed = discountBody.safeParse({
      name: '',
      phone: '300123456',
      email: 'a@b.co',
      confirmation: 'x@b.co',
      address: 'Calle 1',
      source_id: '2',
      branch_id: 1,
    });
    expect(problemsFromParse(parsed, fields)).toEqual({
      fields: {
        name: 'El nombre es requerido',
        phone: 'Longitud minima 10',
        confirmation: 'Confirmación no coincide con email',
      },
      form: null,
    });
  });

  it('puts the confirmation mismatch on the confirmation field', () => {
    const parsed = registerBody.safeParse({
      name: 'A',
      email: 'a@b.co',
      phone: '3001234567',
      password: '12345678',
      password_confirmation: 'x',
    });
    expect(problemsFromParse(parsed, ['name', 'password_confirmation'])).toEqual({
      fields: { password_confirmation: ACCOUNT_MESSAGES.confirmationMismatch },
      form: null,
    });
  });

  it('never hides a message about a field the form does not show', () => {
    const problems = problemsFromIssues(
      [{ path: ['branch_id'], message: 'No encontramos esa sede.' }],
      ['name'],
    );
    expect(problems).toEqual({ fields: {}, form: 'No encontramos esa sede.' });
    expect(hasProblems(problems)).toBe(true);
  });

  it('passes when the schema does', () => {
    const problems = problemsFromParse(
      loginBody.safeParse({ email_login: 'a@b.co', password_login: 'secreto' }),
      ['email_login'],
    );
    expect(hasProblems(problems)).toBe(false);
  });
});

describe('problemsFromError (a failed send)', () => {
  const fields = ['email', 'phone'] as const;

  it("puts a 400's field errors beside their fields, the first message each", () => {
    const error = new ApiError(400, 'Revisa los datos marcados.', {
      email: [ACCOUNT_MESSAGES.emailTaken, 'otra'],
    });
    expect(problemsFromError(error, fields)).toEqual({
      fields: { email: ACCOUNT_MESSAGES.emailTaken },
      form: null,
    });
  });

  it('says a refusal in one sentence as the form message (a discount already signed up)', () => {
    const refusal = 'Este email ya está inscrito en la sede Campiña';
    const body = { status: false, error: refusal, errors: {}, message: refusal };
    expect(problemsFromError(new ApiError(400, refusal, {}, body), fields)).toEqual({
      fields: {},
      form: refusal,
    });
  });

  it('shows a 429, no connection or any other failure as the form message, in Spanish', () => {
    expect(problemsFromError(new ApiError(429, MESSAGES.tooManyRequests), fields)).toEqual({
      fields: {},
      form: MESSAGES.tooManyRequests,
    });
    expect(problemsFromError(new ApiError(0, NETWORK_ERROR_MESSAGE), fields).form).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(problemsFromError(new Error('boom'), fields).form).toBe(MESSAGES.internal);
  });

  it('never hides an error about a field the form does not show', () => {
    const error = new ApiError(400, 'No válido', { branch_id: ['No encontramos esa sede.'] });
    expect(problemsFromError(error, fields)).toEqual({
      fields: {},
      form: 'No encontramos esa sede.',
    });
  });
});

describe('list fields (rows of a list: zones, exceptions)', () => {
  const zone = { neighbourhood: 'Chapinero', fee: 5000, min_order: 0, delivery_minutes: 20 };

  it("puts a row's field message beside that row's field, by the row's index", () => {
    const parsed = branchZonesBody.safeParse({
      zones: [zone, { ...zone, neighbourhood: '', fee: -1 }],
    });
    expect(problemsFromParse(parsed, [], ['zones'])).toEqual({
      fields: {},
      form: null,
      rows: {
        zones: {
          1: { neighbourhood: ADMIN_BRANCH_MESSAGES.zoneRequired, fee: ADMIN_MESSAGES.money },
        },
      },
    });
  });

  it('says what is about the list as a whole once, as the form message', () => {
    const parsed = branchZonesBody.safeParse({ zones: [zone, zone, zone] });
    const problems = problemsFromParse(parsed, [], ['zones']);
    expect(problems).toEqual({
      fields: {},
      form: ADMIN_BRANCH_MESSAGES.zoneRepeated('Chapinero'),
    });
    expect(hasProblems(problems)).toBe(true);
  });

  it('keeps a deeper message with its row, under the field it is inside', () => {
    const problems = problemsFromIssues(
      [
        { path: ['exceptions', 0, 'ranges', 1, 'closes'], message: 'Hora no válida.' },
        { path: ['exceptions', 0, 'ranges', 0, 'opens'], message: 'Otra.' },
      ],
      [],
      ['exceptions'],
    );
    expect(problems.rows).toEqual({ exceptions: { 0: { ranges: 'Hora no válida.' } } });
    expect(hasProblems({ fields: {}, form: null, rows: {} })).toBe(false);
  });

  it("reads a 400's field paths (`zones.2.fee`) beside the row, and a list's as the form's", () => {
    const error = new ApiError(400, 'Revisa los datos marcados.', {
      'zones.2.fee': [ADMIN_MESSAGES.money],
      zones: [ADMIN_BRANCH_MESSAGES.tooManyZones],
    });
    expect(problemsFromError(error, [], ['zones'])).toEqual({
      fields: {},
      form: ADMIN_BRANCH_MESSAGES.tooManyZones,
      rows: { zones: { 2: { fee: ADMIN_MESSAGES.money } } },
    });
    // Only rows' messages: the form says nothing more than what is beside them.
    const onlyRows = new ApiError(400, 'Revisa los datos marcados.', {
      'zones.0.neighbourhood': [ADMIN_BRANCH_MESSAGES.zoneRequired],
    });
    expect(problemsFromError(onlyRows, [], ['zones']).form).toBeNull();
    // A form without that list says it as its message, so nothing goes unseen.
    expect(problemsFromError(onlyRows, ['title']).form).toBe(ADMIN_BRANCH_MESSAGES.zoneRequired);
  });
});

describe('firstInvalid', () => {
  it('follows the form order, not the order the messages came in', () => {
    expect(
      firstInvalid({ fields: { phone: 'x', email: 'y' }, form: null }, ['email', 'phone']),
    ).toBe('email');
    expect(firstInvalid({ fields: {}, form: 'z' }, ['email', 'phone'])).toBeUndefined();
  });
});
