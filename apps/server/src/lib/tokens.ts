import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: what the customer's device keeps as `access_token` (decision 005). */
export const newAccessToken = () => randomBytes(32).toString('base64url');

/** Only this is stored: a stolen database does not yield usable tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token we issued has exactly this form; anything else is rejected before any query. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
