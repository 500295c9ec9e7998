import {
  SOCIAL_NETWORK_NAMES,
  type Banner,
  type Coupon,
  type PaymentType,
  type SocialAccount,
  type SocialLinks,
  type SurveyParameter,
} from '@comanda/shared';
import type { CatalogRepository } from './repository';

// What the back office's Contenido section writes, as the storefront reads it.

/** The banners showing on a chain day (`YYYY-MM-DD`). */
export async function bannersOn(repository: CatalogRepository, day: string): Promise<Banner[]> {
  const rows = await repository.listBanners(day);
  return rows.map((b) => ({ id: b.id, title: b.title, real_image: b.image }));
}

export async function paymentTypes(repository: CatalogRepository): Promise<PaymentType[]> {
  const rows = await repository.listPaymentTypes();
  return rows.map((p) => ({
    id: p.id,
    selected: false,
    number: p.position,
    parameter: { description: p.description },
  }));
}

/** A segment's parameters (the survey's options); null for a segment with none. */
export async function parametersOf(
  repository: CatalogRepository,
  segment: string,
): Promise<SurveyParameter[] | null> {
  const rows = await repository.listParameters(segment);
  return rows.length === 0 ? null : rows;
}

/** The chain's accounts; WhatsApp apart, as the messaging link. */
export async function socialLinks(repository: CatalogRepository): Promise<SocialLinks> {
  const rows = await repository.listSocialLinks();
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

export async function couponAt(
  repository: CatalogRepository,
  branchId: number,
): Promise<Coupon | null> {
  return (await repository.findCouponForBranch(branchId)) ?? null;
}
