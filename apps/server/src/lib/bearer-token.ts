/**
 * The token of an `Authorization: Bearer <token>` header, for HTTP requests and socket
 * handshakes alike; an empty bearer is the storefront's logged-out form.
 */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
