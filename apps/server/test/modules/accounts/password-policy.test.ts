import {
  ACCOUNT_MESSAGES,
  PASSWORD_WEAKNESSES,
  passwordSchema,
  weakPasswordMessage,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPasswordProblem } from '../../../src/lib/password-policy';
import { buildTestApp, type TestApp } from '../../helpers/app';

// OWASP ASVS 4.0.3 §2.1: length by role, long passphrases, no composition rules, and the most
// common passwords refused by the server with a reason the customer can act on.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
});
afterAll(() => t.close());

let serial = 0;
function register(password: string) {
  const n = String(++serial).padStart(4, '0');
  const email = `clave${n}@ejemplo.co`;
  return {
    email,
    res: t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Ana',
        email,
        phone: `318000${n}`,
        password,
        password_confirmation: password,
      },
    }),
  };
}

async function stored(email: string) {
  return (
    (await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst()) !== undefined
  );
}

describe('registration refuses weak passwords, storing nothing', () => {
  it.each([
    ['12345678', ACCOUNT_MESSAGES.passwordCommon],
    ['password', ACCOUNT_MESSAGES.passwordCommon],
    ['Password1', ACCOUNT_MESSAGES.passwordCommon],
    ['qwerty123', ACCOUNT_MESSAGES.passwordCommon],
    ['iloveyou', ACCOUNT_MESSAGES.passwordCommon],
    ['comanda123', ACCOUNT_MESSAGES.passwordGuessable],
    ['#Comanda2025!', ACCOUNT_MESSAGES.passwordGuessable],
    // In no list, but scored by the strength estimate as the few guesses they are.
    ['aaaaaaaa', weakPasswordMessage('customer', 'repeat')],
    ['zzzzzzzzzzzzzzzz', weakPasswordMessage('customer', 'repeat')],
    ['abcdefghijk', weakPasswordMessage('customer', 'sequence')],
    ['zxcvbnm,.-', weakPasswordMessage('customer', 'keyboard')],
    ['12-05-1990', weakPasswordMessage('customer', 'date')],
    ['contraseña123', weakPasswordMessage('customer', 'words')],
    ['comandacomanda', weakPasswordMessage('customer', 'repeat')],
  ])('%s', async (password, message) => {
    const { email, res } = register(password);
    const answer = await res;
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ password: [message] });
    expect(await stored(email)).toBe(false);
  });

  it('refuses the account’s own email or phone as its password', async () => {
    const email = 'mariana.rojas@ejemplo.co';
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Mariana',
        email,
        phone: '3187770001',
        password: 'mariana.rojas1',
        password_confirmation: 'mariana.rojas1',
      },
    });
    expect(own.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordGuessable] });
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Mariana',
        email,
        phone: '3187770001',
        password: 'cel3187770001',
        password_confirmation: 'cel3187770001',
      },
    });
    expect(phone.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordGuessable] });
    expect(await stored(email)).toBe(false);
  });

  it('scores the account’s own name and email as words an attacker knows', async () => {
    const email = 'mrojas@ejemplo.co';
    // Strong enough for a stranger's account; not for hers.
    expect(
      await newPasswordProblem('mrojasmariana', 'customer', {
        email: 'otra@ejemplo.co',
        name: 'Ana Pérez',
      }),
    ).toBeUndefined();
    for (const password of ['mrojasmariana', 'marianarojas', 'MarianaRojas']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          name: 'Mariana Rojas',
          email,
          phone: '3187770002',
          password,
          password_confirmation: password,
        },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors, password).toEqual({
        password: [weakPasswordMessage('customer', 'personal')],
      });
    }
    expect(await stored(email)).toBe(false);
  });

  it('refuses fewer than 8 characters, counting a run of spaces as one', async () => {
    for (const password of ['corta12', 'a      b      c']) {
      const { res } = register(password);
      expect((await res).json().errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordShort] });
    }
  });

  it('refuses more than 128 characters', async () => {
    const { res } = register('x'.repeat(129));
    expect((await res).json().errors.password).toEqual([ACCOUNT_MESSAGES.passwordLong]);
  });
});

describe('registration accepts what ASVS asks to accept', () => {
  it.each([
    [
      'a passphrase of 128 characters',
      'una frase larga y fácil de recordar '.repeat(4).slice(0, 128),
    ],
    ['spaces and emoji, with no digits or capitals', 'mi perro 🐶 come arepas'],
    ['8 characters with no rules about their kind', 'xqzvbnwp'],
  ])('%s', async (_, password) => {
    const { email, res } = register(password);
    expect((await res).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email_login: email, password_login: password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('one rule for every role', () => {
  it('asks 12 characters of staff and admins, 8 of customers', async () => {
    expect(passwordSchema('customer').safeParse('caballo-azul').success).toBe(true);
    expect(passwordSchema('customer').safeParse('caballo').success).toBe(false);
    for (const role of ['staff', 'admin'] as const) {
      expect(await newPasswordProblem('caballo-azu', role)).toBe(
        ACCOUNT_MESSAGES.passwordShortStaff,
      );
      expect(await newPasswordProblem('caballo-azul-trotando', role)).toBeUndefined();
      // Long enough, but still among the most used.
      expect(await newPasswordProblem('123456789012', role)).toBe(ACCOUNT_MESSAGES.passwordCommon);
    }
  });

  it('asks staff and admins for a stronger password than customers', async () => {
    // Two common words: enough to keep a stranger out of one customer's orders, not of everyone's.
    expect(await newPasswordProblem('caballo-azul', 'customer')).toBeUndefined();
    for (const role of ['staff', 'admin'] as const) {
      expect(await newPasswordProblem('caballo-azul', role)).toBe(
        weakPasswordMessage(role, 'words'),
      );
      for (const password of ['aaaaaaaaaaaa', '111111111111', 'comandacomanda']) {
        expect(await newPasswordProblem(password, role)).toBe(weakPasswordMessage(role, 'repeat'));
      }
    }
    expect(weakPasswordMessage('admin', 'repeat')).not.toBe(
      weakPasswordMessage('customer', 'repeat'),
    );
  });

  it('names every weakness in Spanish, with what to do instead', () => {
    for (const weakness of Object.keys(
      PASSWORD_WEAKNESSES,
    ) as (keyof typeof PASSWORD_WEAKNESSES)[]) {
      for (const role of ['customer', 'staff'] as const) {
        const message = weakPasswordMessage(role, weakness);
        expect(message).toMatch(
          /^Esta contraseña es fácil de adivinar: .+\. .*(frase|palabras).*\.$/,
        );
      }
    }
  });
});

describe('the strength estimate stays fast', () => {
  // Repeated groups of symbols that read as letters are zxcvbn's slowest input: 128 characters
  // of them took seconds of CPU on the event loop before only the first characters were scored.
  it.each(['aB3$', 'p@55', '$3!4', '1!'])(
    '128 characters of %s are scored in well under a second',
    async (group) => {
      const password = group.repeat(128).slice(0, 128);
      const started = performance.now();
      expect(await newPasswordProblem(password, 'admin')).toBe(
        weakPasswordMessage('admin', 'repeat'),
      );
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  it('a strong start is enough: what follows the scored part cannot make a password weak', async () => {
    expect(
      await newPasswordProblem(`tortuga roja bajo la lluvia ${'a'.repeat(90)}`, 'admin'),
    ).toBeUndefined();
  });
});
