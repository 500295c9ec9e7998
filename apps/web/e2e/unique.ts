// Phone numbers no other test of the run uses. Every worker and spec file of a run shares one
// database, where an account's phone is unique. Numbers made from the clock's last digits met
// when two workers registered in the same millisecond (the register form then answers that the
// account exists): each worker counts up from a random start of its own instead.
import { randomInt } from 'node:crypto';

/** Where this worker's numbers start. */
const start = randomInt(0, 900_000_000);
let taken = 0;

/** A 10-digit mobile number beginning with `prefix` ('3', '31' …), new to this run. */
export function uniquePhone(prefix = '3'): string {
  taken += 1;
  const digits = 10 - prefix.length;
  return `${prefix}${String((start + taken) % 10 ** digits).padStart(digits, '0')}`;
}
