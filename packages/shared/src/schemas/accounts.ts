import { z } from 'zod';
import { PHONE_MAX_LENGTH } from '../constants';
import { idParamSchema } from './common';
import { safeText } from './text';

/** product.md «Validation rules and messages» login messages, exactly. */
export const LOGIN_MESSAGES = {
  loginRequired: 'El numero de telefono o email es requerido',
  passwordRequired: 'El password es requerido',
  /** Says nothing about whether the account exists. */
  invalidCredentials: 'El usuario o el password no son correctos',
} as const;

export type Role = 'customer' | 'staff' | 'courier' | 'admin';

/**
 * Password rules (OWASP ASVS 4.0.3 §2.1): a minimum length by role (staff and admins act for
 * the whole business, so theirs is longer), long passphrases allowed, any printable character,
 * no composition rules and no truncation. Runs of spaces count as one, so padding with spaces
 * does not make a short password long. The list of common passwords and the strength estimate
 * are the server's only (see apps/server/src/lib/password-policy.ts): their dictionaries are too
 * big to ship to every phone.
 */
export const PASSWORD_RULES = {
  minLength: { customer: 8, staff: 12, courier: 12, admin: 12 } satisfies Record<Role, number>,
  maxLength: 128,
  /**
   * The lowest zxcvbn score (0–4) a new password may have. 2 means an attacker needs about a
   * million guesses, 3 about a hundred million: staff and admins see every customer's data.
   */
  minStrength: { customer: 2, staff: 3, courier: 3, admin: 3 } satisfies Record<Role, number>,
} as const;

/**
 * A new password's rules as a form lists them before it is sent (product.md «Registration»,
 * «Password reset»), made from PASSWORD_RULES so the form and the checks say the same. `null`:
 * the account's role is not known on the screen (a reset link), so both lengths are said.
 */
export function passwordRuleTexts(role: Role | null): string[] {
  const { customer, staff } = PASSWORD_RULES.minLength;
  const length =
    role === null
      ? `${customer} caracteres (${staff} en las cuentas del personal)`
      : `${PASSWORD_RULES.minLength[role]} caracteres`;
  return [
    `Mínimo ${length}; varios espacios seguidos cuentan como uno.`,
    'Ni una de las contraseñas más usadas, ni el nombre de la tienda, tu email o tu celular.',
    'Difícil de adivinar: una frase corta con palabras que no tengan que ver contigo se recuerda fácil.',
  ];
}

/** What makes a password weak, as the strength estimate finds it, in the customer's words. */
export const PASSWORD_WEAKNESSES = {
  repeat: 'repite letras o grupos de letras (aaaa, abcabc)',
  sequence: 'sigue una secuencia (1234, abcd)',
  keyboard: 'sigue una fila del teclado (qwerty, asdf)',
  date: 'lleva una fecha o un año',
  personal: 'lleva tu nombre, tu email, tu celular o el nombre de la tienda',
  words: 'está hecha de palabras, nombres o contraseñas muy usados',
  simple: 'es corta o muy sencilla',
} as const;
export type PasswordWeakness = keyof typeof PASSWORD_WEAKNESSES;

/** The message for a password under its role's strength floor: what is wrong, then what to do. */
export function weakPasswordMessage(role: Role, weakness: PasswordWeakness): string {
  const advice =
    role === 'customer'
      ? 'Agrégale palabras que no tengan que ver contigo: una frase corta es fácil de recordar y difícil de adivinar.'
      : 'Las cuentas del personal necesitan una más fuerte: usa una frase de cuatro o más palabras que no tengan que ver contigo ni con la tienda.';
  return `Esta contraseña es fácil de adivinar: ${PASSWORD_WEAKNESSES[weakness]}. ${advice}`;
}

export const ACCOUNT_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'El email no es válido',
  emailTaken: 'Ya existe una cuenta con este email',
  phoneRequired: 'El celular es requerido',
  phoneInvalid: 'El celular debe tener solo números, máximo 10',
  phoneTaken: 'Ya existe una cuenta con este celular',
  /**
   * Registration with an email or phone that already has an account: one sentence for both, on
   * both fields, that does not say which (decision 076); the owner is told by email.
   */
  registrationRefused:
    'No pudimos crear una cuenta con este email o este celular. Si ya tienes una, inicia sesión o usa «¿Olvidaste tu contraseña?».',
  passwordShort: `El password debe tener al menos ${PASSWORD_RULES.minLength.customer} caracteres`,
  passwordShortStaff: `El password debe tener al menos ${PASSWORD_RULES.minLength.staff} caracteres`,
  passwordLong: `El password debe tener máximo ${PASSWORD_RULES.maxLength} caracteres`,
  /** Refused by the server against its list of the most used passwords. */
  passwordCommon: 'Esta contraseña es muy común. Elige otra más difícil de adivinar.',
  /** The service's name or the account's own email or phone, perhaps with digits added. */
  passwordGuessable:
    'Esta contraseña es fácil de adivinar: no uses el nombre de la tienda, tu email ni tu celular.',
  confirmationMismatch: 'La confirmación no coincide con el password',
  tooLong: 'Es demasiado largo',
  unauthorized: 'Tu sesión expiró. Inicia sesión de nuevo.',
  addressNotFound: 'No encontramos esa dirección.',
  addressRequired: 'La dirección es requerida',
  labelRequired: 'Ponle un nombre a la dirección (Casa, Oficina…)',
  neighbourhoodRequired: 'El barrio es requerido',
  cityRequired: 'La ciudad es requerida',
  productNotFound: 'No encontramos ese producto.',
} as const;

const required = (message: string, max = 200) =>
  safeText({ error: message })
    .min(1, { error: message })
    .max(max, { error: ACCOUNT_MESSAGES.tooLong });

const countedLength = (password: string) => password.replace(/ {2,}/g, ' ').length;

/** The password field of any form that sets one, for the role of the account it belongs to. */
export function passwordSchema(role: Role) {
  const min = PASSWORD_RULES.minLength[role];
  const short =
    role === 'customer' ? ACCOUNT_MESSAGES.passwordShort : ACCOUNT_MESSAGES.passwordShortStaff;
  return safeText({ error: short, trim: false })
    .refine((password) => countedLength(password) >= min, { error: short })
    .max(PASSWORD_RULES.maxLength, { error: ACCOUNT_MESSAGES.passwordLong });
}

export const loginBody = z.object({
  email_login: required(LOGIN_MESSAGES.loginRequired, 254),
  // Longer than new passwords may be: an account made under an older, looser rule still logs in.
  password_login: safeText({ error: LOGIN_MESSAGES.passwordRequired, trim: false })
    .min(1, { error: LOGIN_MESSAGES.passwordRequired })
    .max(200, { error: ACCOUNT_MESSAGES.tooLong }),
});

export const phoneSchema = z
  .string({ error: ACCOUNT_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneRequired })
  .regex(new RegExp(`^[0-9]{7,${PHONE_MAX_LENGTH}}$`), { error: ACCOUNT_MESSAGES.phoneInvalid });

export const emailSchema = safeText({ error: ACCOUNT_MESSAGES.emailRequired })
  .toLowerCase()
  .min(1, { error: ACCOUNT_MESSAGES.emailRequired })
  .max(254, { error: ACCOUNT_MESSAGES.tooLong })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }));

export const registerBody = z
  .object({
    name: required(ACCOUNT_MESSAGES.nameRequired, 120),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema('customer'),
    password_confirmation: safeText({
      error: ACCOUNT_MESSAGES.confirmationMismatch,
      trim: false,
    }).max(PASSWORD_RULES.maxLength),
  })
  .refine((body) => body.password === body.password_confirmation, {
    error: ACCOUNT_MESSAGES.confirmationMismatch,
    path: ['password_confirmation'],
  });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const authResponse = z.object({ access_token: z.string(), user: userSchema });
export const meResponse = z.object({ user: userSchema });
export const statusResponse = z.object({ status: z.boolean() });

export const addressBody = z.object({
  label: required(ACCOUNT_MESSAGES.labelRequired, 40),
  address: required(ACCOUNT_MESSAGES.addressRequired, 160),
  neighbourhood: required(ACCOUNT_MESSAGES.neighbourhoodRequired, 80),
  city: required(ACCOUNT_MESSAGES.cityRequired, 80),
  notes: safeText({ multiline: true }).max(240, { error: ACCOUNT_MESSAGES.tooLong }).default(''),
});

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address: z.string(),
  neighbourhood: z.string(),
  city: z.string(),
  notes: z.string(),
});

export const favoriteProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  description_eco: z.string(),
  image: z.string(),
  price: z.number().int(),
});

export const favoriteToggleResponse = z.object({
  status: z.boolean(),
  /** Whether the product is a favourite after the call. */
  favorite: z.boolean(),
});

export const addressListResponse = z.object({ results: z.array(addressSchema) });
export const addressResponse = z.object({ results: addressSchema });
export const favoriteListResponse = z.object({ results: z.array(favoriteProductSchema) });
export const addressIdParams = z.object({ id: idParamSchema });

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type User = z.infer<typeof userSchema>;
export type AuthResponse = z.infer<typeof authResponse>;
export type Address = z.infer<typeof addressSchema>;
export type AddressBody = z.infer<typeof addressBody>;
export type FavoriteProduct = z.infer<typeof favoriteProductSchema>;
