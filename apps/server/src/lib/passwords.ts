import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with m=19 MiB, t=2, p=1: OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password);
