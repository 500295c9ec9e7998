import { ACCOUNT_MESSAGES, passwordSchema, type Role } from '@comanda/shared';

/**
 * The rule every new password passes, wherever one is set (registration today; the back office
 * and password changes later): the shared length rules for the account's role, then what only
 * the server checks (OWASP ASVS 4.0.3 §2.1.7):
 * - the ~49,000 most used passwords of the public breach corpora, as the zxcvbn project keeps
 *   them in `@zxcvbn-ts/language-common` (MIT). It is loaded once, on first use, and never sent
 *   to the storefront, whose first load could not carry it;
 * - words anyone would try first against this account: the service's name and the account's
 *   own email or phone, alone or with digits and symbols around them (`comanda123`).
 * No composition rules (ASVS §2.1.9): any printable character, in any mix, is allowed.
 */

/** The service's own name: the first guess against any of its accounts. */
const SERVICE_WORDS = ['comanda'];

let common: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

export interface PasswordContext {
  email?: string;
  phone?: string;
}

/** The Spanish reason the password may not be set, or undefined when it is acceptable. */
export async function newPasswordProblem(password: string, role: Role, context: PasswordContext = {}): Promise<string | undefined> {
  const shape = passwordSchema(role).safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? ACCOUNT_MESSAGES.passwordShort;
  const lowered = password.toLowerCase();
  if ((await commonPasswords()).has(lowered)) return ACCOUNT_MESSAGES.passwordCommon;
  if (isGuessable(lowered, context)) return ACCOUNT_MESSAGES.passwordGuessable;
  return undefined;
}

function isGuessable(lowered: string, { email, phone }: PasswordContext): boolean {
  // What is left once digits, spaces and symbols around the word are taken off: `comanda123`,
  // `#Comanda2025!` and `comanda` are all the word `comanda`.
  const core = lowered.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const emailLower = email?.trim().toLowerCase();
  const localPart = emailLower?.split('@')[0] ?? '';
  const words = [...SERVICE_WORDS, ...(localPart.length >= 4 ? [localPart] : [])];
  if (words.includes(core)) return true;
  if (emailLower && lowered.includes(emailLower)) return true;
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length >= 7 && lowered.replace(/\D/g, '').includes(digits);
}
