import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: what the customer's device keeps as `access_token` (decision 005). */
export const newAccessToken = () => randomBytes(32).toString('base64url');

/**
 * Only this is stored: a stolen database does not yield usable tokens. The one-shot `hash`
 * (no Hash object) takes half the time, and every request with a token and every order pays it.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A token we issued has exactly this form; anything else is rejected before any query. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
