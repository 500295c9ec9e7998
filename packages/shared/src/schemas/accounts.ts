import { z } from 'zod';
import { PHONE_MAX_LENGTH } from '../constants';
import { idParamSchema } from './common';

/** Spec §5 login messages, exactly. */
export const LOGIN_MESSAGES = {
  loginRequired: 'El numero de telefono o email es requerido',
  passwordRequired: 'El password es requerido',
  /** Says nothing about whether the account exists. */
  invalidCredentials: 'El usuario o el password no son correctos',
} as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'El email no es válido',
  emailTaken: 'Ya existe una cuenta con este email',
  phoneRequired: 'El celular es requerido',
  phoneInvalid: 'El celular debe tener solo números, máximo 10',
  phoneTaken: 'Ya existe una cuenta con este celular',
  passwordShort: 'El password debe tener al menos 8 caracteres',
  passwordLong: 'El password es demasiado largo',
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
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: ACCOUNT_MESSAGES.tooLong });

export const loginBody = z.object({
  email_login: required(LOGIN_MESSAGES.loginRequired, 254),
  password_login: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, { error: LOGIN_MESSAGES.passwordRequired })
    .max(200, { error: ACCOUNT_MESSAGES.passwordLong }),
});

export const phoneSchema = z
  .string({ error: ACCOUNT_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneRequired })
  .regex(new RegExp(`^[0-9]{7,${PHONE_MAX_LENGTH}}$`), { error: ACCOUNT_MESSAGES.phoneInvalid });

export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: ACCOUNT_MESSAGES.emailRequired })
  .max(254, { error: ACCOUNT_MESSAGES.tooLong })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }));

export const registerBody = z
  .object({
    name: required(ACCOUNT_MESSAGES.nameRequired, 120),
    email: emailSchema,
    phone: phoneSchema,
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordShort })
      .min(8, { error: ACCOUNT_MESSAGES.passwordShort })
      .max(200, { error: ACCOUNT_MESSAGES.passwordLong }),
    password_confirmation: z.string({ error: ACCOUNT_MESSAGES.confirmationMismatch }).max(200),
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
  notes: z.string().trim().max(240, { error: ACCOUNT_MESSAGES.tooLong }).default(''),
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
