import {
  ACCOUNT_MESSAGES,
  PASSWORD_RULES,
  passwordSchema,
  weakPasswordMessage,
  type PasswordWeakness,
  type Role,
} from '@comanda/shared';
import type { ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * The rule every new password passes, wherever one is set (registration, the back office's new
 * accounts and new passwords): the shared length rules for the account's role, then what only
 * the server checks (OWASP ASVS 4.0.3 §2.1.7):
 * - the ~49,000 most used passwords of the public breach corpora, as the zxcvbn project keeps
 *   them in `@zxcvbn-ts/language-common` (MIT);
 * - words anyone would try first against this account: the service's name and the account's
 *   own email or phone, alone or with digits and symbols around them (`comanda123`);
 * - a strength estimate (zxcvbn, `@zxcvbn-ts/core`, with the common and Spanish dictionaries and
 *   the account's own name, email and phone and the service's name as words an attacker knows):
 *   repeats (`aaaaaaaaaaaa`), sequences, keyboard rows, dates, common words and names are scored
 *   as the few guesses they are. The score must reach `PASSWORD_RULES.minStrength` for the role.
 * The list and the dictionaries are loaded once, on first use, and never sent to the storefront,
 * whose first load could not carry them. No composition rules (ASVS §2.1.9).
 */

/** The service's own name: the first guess against any of its accounts. */
const SERVICE_WORDS = ['comanda'];

/**
 * zxcvbn runs on the event loop and its matching grows much faster than the password: 128
 * characters of `aB3$aB3$…` took 7 s of CPU with its defaults. Only the first 32 characters are
 * scored: a password strong there is strong, and a long one weak there (`aaaa…` and then
 * something) is refused for what it starts with. Symbols read as letters (`3` for `e`, `$` for
 * `s`) are undone at most three at a time, which still finds `p@ssw0rd` and `c0m@nd@`, and keeps
 * the slowest password in tens of milliseconds.
 */
const SCORED_LENGTH = 32;
const L33T_MAX_SUBSTITUTIONS = 3;

type Estimator = (password: string, userInputs: string[]) => ZxcvbnResult;
interface Policy {
  common: Set<string>;
  estimate: Estimator;
}

// `@zxcvbn-ts/core` stays on 3.0.4: 4.x adds a word-sequence matcher, unfinished upstream, that
// scores any two dictionary words (`caballo azul`) as 2 guesses and refuses every passphrase.
let loading: Promise<Policy> | undefined;
function policy(): Promise<Policy> {
  loading ??= (async () => {
    const [core, common, spanish] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    core.zxcvbnOptions.setOptions({
      dictionary: { ...common.dictionary, ...spanish.dictionary, userInputs: SERVICE_WORDS },
      graphs: common.adjacencyGraphs,
      useLevenshteinDistance: false,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      maxLength: SCORED_LENGTH,
    });
    // zxcvbn keeps its options (and the last call's own words) in one module-wide object; each
    // call passes this account's words and runs synchronously, so calls never see each other's.
    const estimate: Estimator = (password, userInputs) =>
      core.zxcvbn(password.slice(0, SCORED_LENGTH), userInputs);
    return { common: new Set(common.dictionary['passwords-common']), estimate };
  })();
  return loading;
}

export interface PasswordContext {
  email?: string;
  phone?: string;
  name?: string;
}

/** The Spanish reason the password may not be set, or undefined when it is acceptable. */
export async function newPasswordProblem(
  password: string,
  role: Role,
  context: PasswordContext = {},
): Promise<string | undefined> {
  const shape = passwordSchema(role).safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? ACCOUNT_MESSAGES.passwordShort;
  const { common, estimate } = await policy();
  const lowered = password.toLowerCase();
  if (common.has(lowered)) return ACCOUNT_MESSAGES.passwordCommon;
  if (isGuessable(lowered, context)) return ACCOUNT_MESSAGES.passwordGuessable;
  // Runs of spaces are one space for the length rule; the estimate sees the same password.
  const result = estimate(password.replace(/ {2,}/g, ' '), accountWords(context));
  if (result.score < PASSWORD_RULES.minStrength[role])
    return weakPasswordMessage(role, weakness(result));
  return undefined;
}

/** The account's own words an attacker who knows it would try: its name, email and phone. */
function accountWords({ email, phone, name }: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (value: string | undefined) => {
    const word = value?.trim().toLowerCase();
    if (!word) return;
    words.add(word);
    // zxcvbn compares characters as typed: `jose` must also match `José`.
    words.add(word.normalize('NFD').replace(/\p{Diacritic}/gu, ''));
  };
  add(email);
  const localPart = email?.split('@')[0];
  add(localPart);
  // `ana.rojas@sede.co`: `ana`, `rojas` and `sede` too.
  for (const piece of email?.split(/[^\p{L}\p{N}]+/u) ?? []) if (piece.length >= 3) add(piece);
  add(name);
  for (const piece of name?.split(/\s+/) ?? []) if (piece.length >= 3) add(piece);
  add(phone?.replace(/\D/g, ''));
  return [...words];
}

/** The part of the password that makes it weakest, named for the message. */
function weakness(result: ZxcvbnResult): PasswordWeakness {
  const matches = result.sequence.filter((match) => match.pattern !== 'bruteforce');
  if (
    matches.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs')
  )
    return 'personal';
  // The longest recognised part is what an attacker's guesses covered most of.
  const longest = [...matches].sort((a, b) => b.token.length - a.token.length)[0];
  switch (longest?.pattern) {
    case 'repeat':
      return 'repeat';
    case 'sequence':
      return 'sequence';
    case 'spatial':
      return 'keyboard';
    case 'date':
    case 'regex':
      return 'date';
    case 'dictionary':
      return 'words';
    default:
      return 'simple';
  }
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
