import {
  SOCIAL_NETWORK_NAMES,
  chainDayRange,
  chainToday,
  deliveryEstimate,
  isOpenAt,
  type Banner,
  type Branch,
  type Category,
  type CategoryWithProducts,
  type Coupon,
  type ModifierGroup,
  type PaymentType,
  type Product,
  type SocialAccount,
  type SocialLinks,
  type SurveyParameter,
  type UnavailableReason,
} from '@comanda/shared';
import { exceptionFromRow, exceptionsFrom } from '../../lib/branch-exceptions';
import { pauseState } from '../../lib/branch-pause';
import { ResponseCache } from '../../lib/response-cache';
import type { CatalogChange } from '../../plugins/catalog-events';
import type { CatalogRepository } from './repository';

/** How long a cached catalogue answer lives; also bounds how stale `open_now` can be. */
const CACHE_TTL_MS = 30_000;

/** A product's price and availability at a branch, as db/branch-product.ts reads them, in the wire's words. */
function atBranch(product: { price: number; unavailable: UnavailableReason }) {
  return {
    price: product.price,
    available: product.unavailable === null,
    unavailable_reason: product.unavailable,
  };
}

/** Catalogue answers in the contract's shapes, each cached serialized (see ResponseCache). */
export function createCatalogService(
  repository: CatalogRepository,
  now: () => Date = () => new Date(),
) {
  const cache = new ResponseCache(CACHE_TTL_MS);

  async function branches(): Promise<Branch[]> {
    const at = now();
    const { branches, hours, zones, exceptions } = await repository.listBranches(
      exceptionsFrom(at),
    );
    return branches.map((branch) => {
      const opening_hours = hours
        .filter((h) => h.branch_id === branch.id)
        .map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
      const opening_exceptions = exceptions
        .filter((e) => e.branch_id === branch.id)
        .map(exceptionFromRow);
      const open_now = isOpenAt(opening_hours, at, undefined, opening_exceptions);
      const branchZones = zones.filter((z) => z.branch_id === branch.id);
      const pause = pauseState(branch.paused_until, at);
      // Every estimate the storefront shows comes from here (and coverage), by the shared rule.
      const estimate = (zone_minutes: number) =>
        deliveryEstimate({
          prep_minutes: branch.prep_minutes,
          rush_minutes: branch.rush_minutes,
          zone_minutes,
        });
      return {
        id: branch.id,
        slug: branch.slug,
        title: branch.title,
        address: branch.address,
        phone: branch.phone,
        city: branch.city,
        opening_hours,
        opening_exceptions: opening_exceptions.map((e) => ({
          date: e.date,
          closed: e.closed,
          ranges: [...e.ranges],
        })),
        open_now,
        accepting_orders: open_now && !pause.paused,
        resumes_at: pause.resumes_at?.toISOString() ?? null,
        prep_minutes: branch.prep_minutes,
        rush_minutes: branch.rush_minutes,
        eta: { pickup: estimate(0) },
        pickup: { available: branch.pickup_available === 1 },
        delivery: {
          available: branch.delivery_available === 1,
          neighbourhoods: branchZones.map((z) => z.neighbourhood),
          zones: branchZones.map(({ neighbourhood, fee, min_order, delivery_minutes }) => ({
            neighbourhood,
            fee,
            min_order,
            delivery_minutes,
            eta: estimate(delivery_minutes),
          })),
        },
      };
    });
  }

  async function categories(): Promise<Category[]> {
    return repository.listCategories();
  }

  async function category(slug: string, branchId: number): Promise<CategoryWithProducts | null> {
    const [found, branch] = await Promise.all([
      repository.findCategory(slug),
      repository.findBranch(branchId),
    ]);
    if (!found || !branch) return null;
    const products = await repository.listProductsForBranch(found.id, branchId);
    return {
      ...found,
      products: products.map((p) => ({
        id: p.id,
        slug: p.slug,
        image: p.image,
        title: p.title,
        description_eco: p.description_eco,
        ...atBranch(p),
      })),
    };
  }

  async function product(slug: string, branchId: number): Promise<Product | null> {
    const [found, branch] = await Promise.all([
      repository.findProductForBranch(slug, branchId),
      repository.findBranch(branchId),
    ]);
    if (!found || !branch) return null;
    const { groups, options } = await repository.listModifierGroups(found.id);
    const modifier_group: ModifierGroup[] = groups.map((group) => ({
      id: group.id,
      title: group.title,
      required: group.required === 1,
      type_input: group.type_input === 2 ? 2 : 1,
      min_choices: group.min_choices,
      max_choices: group.max_choices,
      modifiers_product: options
        .filter((o) => o.group_id === group.id)
        .map((o) => ({
          id: o.id,
          title: o.title,
          price: o.price,
          selected: false,
          modifier: { title: o.modifier_title },
        })),
    }));
    return {
      id: found.id,
      slug: found.slug,
      title: found.title,
      description: found.description,
      description_eco: found.description_eco,
      image: found.image,
      ...atBranch(found),
      favorite: null,
      category: { slug: found.category_slug, title: found.category_title },
      modifier_group,
    };
  }

  async function banners(): Promise<Banner[]> {
    const rows = await repository.listBanners(chainToday(now()));
    return rows.map((b) => ({ id: b.id, title: b.title, real_image: b.image }));
  }

  async function paymentTypes(): Promise<PaymentType[]> {
    const rows = await repository.listPaymentTypes();
    return rows.map((p) => ({
      id: p.id,
      selected: false,
      number: p.position,
      parameter: { description: p.description },
    }));
  }

  async function parameters(segment: string): Promise<SurveyParameter[] | null> {
    const rows = await repository.listParameters(segment);
    return rows.length === 0 ? null : rows;
  }

  async function socialLinks(): Promise<SocialLinks> {
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

  async function coupon(branchId: number): Promise<Coupon | null> {
    return (await repository.findCouponForBranch(branchId)) ?? null;
  }

  const results = async <T>(value: Promise<T | null>) => {
    const resolved = await value;
    return resolved === null ? null : { results: resolved };
  };

  /** The branch list turns stale when the first timed pause in it ends, not 30 s later. */
  const firstResume = (value: unknown) => {
    const ends = ((value as { results: Branch[] } | null)?.results ?? [])
      .map((b) => (b.resumes_at ? Date.parse(b.resumes_at) : Infinity))
      .filter(Number.isFinite);
    return ends.length > 0 ? Math.min(...ends) : null;
  };
  const ofBranch = (branchId: number) => (key: string) =>
    (key.startsWith('category:') || key.startsWith('product:')) && key.endsWith(`:${branchId}`);

  const categoryKey = (slug: string, branchId: number) => `category:${slug}:${branchId}`;
  const productKey = (slug: string, branchId: number) => `product:${slug}:${branchId}`;

  return {
    branches: () => cache.get('branches', () => results(branches()), firstResume),
    categories: () => cache.get('categories', () => results(categories())),
    category: (slug: string, branchId: number) =>
      cache.get(categoryKey(slug, branchId), () => results(category(slug, branchId))),
    product: (slug: string, branchId: number) =>
      cache.get(productKey(slug, branchId), () => results(product(slug, branchId))),
    /**
     * The answers `category` and `product` would give at once, without a query, a rebuild or a
     * wait; `undefined` (or `null` for a cached "not found") when they would need any of those.
     * For the fast path (fast-path.ts), which leaves everything else to the routes.
     */
    fresh: {
      category: (slug: string, branchId: number) => cache.peek(categoryKey(slug, branchId)),
      product: (slug: string, branchId: number) => cache.peek(productKey(slug, branchId)),
    },
    // Banners have a window of chain days: the answer turns stale at the chain's next midnight.
    banners: () =>
      cache.get(
        'banners',
        () => results(banners()),
        () => chainDayRange(chainToday(now())).end.getTime(),
      ),
    socialLinks: () => cache.get('social-links', () => results(socialLinks())),
    paymentTypes: () => cache.get('payment-types', () => results(paymentTypes())),
    parameters: (segment: string) =>
      cache.get(`parameters:${segment}`, () => results(parameters(segment))),
    /** product.md «Wire contract»: the coupon's fields at the top level, not wrapped in results. */
    coupon: (branchId: number) => cache.get(`coupon:${branchId}`, () => coupon(branchId)),
    /** Drops the answers a committed change affects (see plugins/catalog-events). */
    invalidate(change: CatalogChange) {
      if (change.type === 'availability') cache.forget(ofBranch(change.branch_id));
      else if (change.type === 'branch') cache.forget((key) => key === 'branches');
      else cache.clear();
    },
    /** Whether a branch exists, to tell "unknown branch" from "unknown slug" in a 404. */
    branchExists: async (branchId: number) => (await repository.findBranch(branchId)) !== undefined,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
