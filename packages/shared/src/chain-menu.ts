import type {
  CategoryWithProducts,
  ChainCategory,
  ChainProduct,
  Product,
  ProductCard,
  UnavailableReason,
} from './schemas/catalog';
import { priceRange } from './price-range';

type Offer = Pick<ProductCard, 'price' | 'available' | 'unavailable_reason'> & {
  price_varies?: boolean;
};

/**
 * What the chain as a whole offers of one product, from each branch's offer: the lowest price
 * among the branches that sell it (sold out today or not), whether some branch asks more or some
 * choice costs more at a branch, and whether any branch has it now. `null` when no branch sells it.
 */
export function chainOffer(offers: readonly Offer[]): {
  price: number;
  price_varies: boolean;
  available: boolean;
  unavailable_reason: UnavailableReason;
} | null {
  const sold = offers.filter((offer) => offer.unavailable_reason !== 'not_offered');
  if (sold.length === 0) return null;
  const price = Math.min(...sold.map((offer) => offer.price));
  const available = sold.some((offer) => offer.available);
  return {
    price,
    price_varies: sold.some((offer) => offer.price !== price || offer.price_varies === true),
    available,
    unavailable_reason: available ? null : 'sold_out',
  };
}

/**
 * One category as the chain offers it, from the same category's answer at each branch: the
 * products any branch sells, in the first answer's order, each with its chain offer. `null`
 * when there is no answer (the slug is unknown).
 */
export function chainCategory(answers: readonly CategoryWithProducts[]): ChainCategory | null {
  const [first] = answers;
  if (!first) return null;
  const offersOf = new Map<number, { card: ProductCard; offers: Offer[] }>();
  for (const answer of answers) {
    for (const card of answer.products) {
      const entry = offersOf.get(card.id);
      if (entry) entry.offers.push(card);
      else offersOf.set(card.id, { card, offers: [card] });
    }
  }
  const products: ChainCategory['products'] = [];
  for (const { card, offers } of offersOf.values()) {
    const offer = chainOffer(offers);
    if (offer) products.push({ ...card, ...offer });
  }
  return { id: first.id, slug: first.slug, title: first.title, photo: first.photo, products };
}

/** One product as the chain offers it, from its answer at each branch; `null` when no branch sells it. */
export function chainProduct(answers: readonly Product[]): ChainProduct | null {
  const offer = chainOffer(answers);
  const selling = answers.filter((answer) => answer.unavailable_reason !== 'not_offered');
  const sold = selling[0];
  if (!offer || !sold) return null;
  // `price` stays the lowest branch's own price, the pricing rule's input; whether branches differ
  // is told by what each would show (priceRange), since with priced sizes their own prices are
  // never paid. The page adds whether a choice costs more.
  const shown = selling.map((answer) => priceRange(answer).price);
  const price_varies = shown.some((price) => price !== shown[0]);
  // Options and their prices are the chain's, the same in every branch's answer; an option is
  // sold out for the chain only where every branch selling the product ran out of it (as
  // `Agotado` on a product means every branch), not where the first answer's branch did.
  const outEverywhere = (id: number) =>
    selling.every((answer) =>
      answer.modifier_group.some((g) => g.modifiers_product.some((o) => o.id === id && o.sold_out)),
    );
  const modifier_group = sold.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option) =>
      option.sold_out === undefined ? option : { ...option, sold_out: outEverywhere(option.id) },
    ),
  }));
  return { ...sold, ...offer, price_varies, modifier_group, favorite: null };
}
