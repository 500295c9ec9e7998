/** The demo chain is Colombian; opening hours are written in this zone. Colombia has no DST. */
export const CHAIN_TIME_ZONE = 'America/Bogota';

/** product.md «Business constants»: modifier group input types. */
export const TYPE_INPUT = { single: 1, multiple: 2 } as const;

/** product.md «Entities, Business constants»: stored delivery values. 2 is "branch pickup chosen"; 1 (older clients) names no branch: the header asks for one. */
export const DELIVERY = {
  delivery: 'domicilio',
  takeout: 'delivery-takeout',
  pickupBranch: 2,
  headerDelivery: 1,
} as const;

export const PHONE_MAX_LENGTH = 10;

/** Units of one product on an order line: the server refuses others, the steppers stop there. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** Whether an order line may carry `quantity` units (a whole number from MIN_QUANTITY to MAX_QUANTITY). */
export const isAllowedQuantity = (quantity: number): boolean =>
  Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
