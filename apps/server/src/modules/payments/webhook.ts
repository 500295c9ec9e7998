import { iso, type PaymentsDeps } from './deps';
import { recordEvent } from './events-repository';
import { observe } from './observe';

/** What the webhook tells the provider: taken (whatever it caused), or refused and why. */
export type WebhookAnswer = 'accepted' | 'unknown_provider' | 'malformed' | 'signature' | 'stale';

const BODY_MAX = 8192;

/**
 * The provider's webhook (decision 061): an event is trusted only once its adapter has checked
 * its signature. Every event is kept with what it caused — refused ones too, as evidence — and a
 * verified one goes to the one observer, which applies it once however often it comes.
 */
export async function receive(
  deps: PaymentsDeps,
  providerName: string,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAnswer> {
  const { provider } = deps;
  if (providerName !== provider.name) return 'unknown_provider';
  const now = deps.now();
  const text = JSON.stringify(body).slice(0, BODY_MAX);
  const verified = provider.verifyEvent(body, headers, now);
  if (!verified.ok || !verified.transaction) {
    await recordEvent(deps.db, {
      provider: provider.name,
      source: 'webhook',
      event_key: verified.ok ? verified.key : null,
      outcome: verified.ok ? 'ignored' : `refused_${verified.reason}`,
      received_at: iso(now),
      body: text,
    });
    return verified.ok ? 'accepted' : verified.reason;
  }
  await observe(deps, {
    source: 'webhook',
    key: verified.key,
    transaction: verified.transaction,
    body: text,
  });
  return 'accepted';
}
