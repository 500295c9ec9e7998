import {
  SOCIAL_NETWORK_NAMES,
  type Banner,
  type Coupon,
  type PaymentType,
  type SocialAccount,
  type SocialLinks,
  type SurveyParameter,
} from '@comanda/shared';
import { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import {
  findCouponForBranch,
  listBanners,
  promotionCategories,
  listParameters,
  listPaymentTypes,
  listSocialLinks,
} from './repository';

// What the back office's Contenido section writes, as the storefront reads it.

/** The banners showing on a chain day (`YYYY-MM-DD`), each with where its promotion applies. */
export async function bannersOn(db: DbExecutor, day: string): Promise<Banner[]> {
  const rows = await listBanners(db, day);
  const linked = rows.flatMap((b) => (b.promotion_id === null ? [] : [b.promotion_id]));
  const places = linked.length > 0 ? await promotionPlaces(db, linked) : new Map();
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    real_image: b.image,
    promotion: b.promotion_id === null ? null : (places.get(b.promotion_id) ?? null),
  }));
}

const idList = z.array(z.number().int());

/** Stored JSON text; one that does not parse reads as nothing rather than failing the answer. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Each promotion's first chosen category's slug (null: it names none, the menu is its place). */
async function promotionPlaces(db: DbExecutor, ids: readonly number[]) {
  const { promotions, slugs } = await promotionCategories(db, ids);
  const slugOf = new Map(slugs.map((c) => [c.id, c.slug]));
  return new Map(
    promotions.map((p) => {
      const parsed = idList.safeParse(parseJson(p.category_ids));
      const first = parsed.success ? parsed.data[0] : undefined;
      return [p.id, { id: p.id, category_slug: (first && slugOf.get(first)) ?? null }];
    }),
  );
}

/** Whether methods paid online can be taken here, and whether their money is real (decision 061). */
export interface OnlinePayments {
  /** A provider is plugged in: without one, methods paid online are not offered. */
  enabled: boolean;
  /** No real money moves (the payment simulator, or a provider's sandbox): `Pago de prueba`. */
  test: boolean;
}

export async function paymentTypes(db: DbExecutor, online: OnlinePayments): Promise<PaymentType[]> {
  const rows = await listPaymentTypes(db);
  return rows
    .filter((p) => p.kind !== 'online' || online.enabled)
    .map((p) => ({
      id: p.id,
      selected: false,
      number: p.position,
      parameter: { description: p.description },
      online: p.kind === 'online',
      cash: p.kind === 'cash',
      test: p.kind === 'online' && online.test,
    }));
}

/** A segment's parameters (the survey's options); null for a segment with none. */
export async function parametersOf(
  db: DbExecutor,
  segment: string,
): Promise<SurveyParameter[] | null> {
  const rows = await listParameters(db, segment);
  return rows.length === 0 ? null : rows;
}

/** The chain's accounts; WhatsApp apart, as the messaging link. */
export async function socialLinks(db: DbExecutor): Promise<SocialLinks> {
  const rows = await listSocialLinks(db);
  const account = (row: (typeof rows)[number]): SocialAccount => {
    const network = row.network as SocialAccount['network'];
    const href = network === 'whatsapp' ? `https://wa.me/${row.value}` : row.value;
    return { network, name: SOCIAL_NETWORK_NAMES[network], handle: row.handle, href };
  };
  const messaging = rows.find((row) => row.network === 'whatsapp');
  return {
    accounts: rows
      .filter((row) => row.network !== 'whatsapp' && row.network in SOCIAL_NETWORK_NAMES)
      .map(account),
    messaging: messaging ? account(messaging) : null,
  };
}

export async function couponAt(db: DbExecutor, branchId: number): Promise<Coupon | null> {
  return (await findCouponForBranch(db, branchId)) ?? null;
}
