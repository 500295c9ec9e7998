import {
  allowedPreset,
  choiceProblem,
  lineTotal,
  tapOption,
  type AddressBody,
  type Product,
  type StaffOrderChannel,
  type StaffOrderInput,
} from '@comanda/shared';

/**
 * The order staff are taking (decision 087), as plain data the screen edits: the same cart
 * lines and prices as the storefront's (the shared option rules and pricing), turned into
 * confirm-cart's payload plus who it is for. The server prices it again and decides.
 */

/** One line: the product as the branch sells it, with the options chosen, and how many. */
export interface DraftLine {
  key: string;
  product: Product;
  quantity: number;
}

/** Who the order is for: a customer found by phone, or one to make with name and phone. */
export type DraftCustomer =
  | { kind: 'found'; id: number; name: string; phone: string }
  | { kind: 'new'; name: string; phone: string; email: string };

export type DraftDestination =
  | { type: 'pickup' }
  | { type: 'delivery'; addressId: number }
  | { type: 'delivery'; address: AddressBody };

export interface OrderDraft {
  clientOrderId: string;
  channel: StaffOrderChannel;
  branchId: number;
  customer: DraftCustomer | null;
  lines: DraftLine[];
  destination: DraftDestination;
  paymentId: number | null;
  observation: string;
}

/** The chosen option ids of each group, from the product as the catalogue sent it (its presets). */
export const presetChoices = (product: Product): Record<number, readonly number[]> =>
  Object.fromEntries(
    product.modifier_group.map((group) => [
      group.id,
      allowedPreset(
        group,
        group.modifiers_product.filter((o) => o.selected && !o.sold_out).map((o) => o.id),
      ),
    ]),
  );

/** The choices after a tap on an option of a group (the shared rule: dots and squares). */
export function tapChoice(
  product: Product,
  choices: Record<number, readonly number[]>,
  groupId: number,
  optionId: number,
): Record<number, readonly number[]> {
  const group = product.modifier_group.find((g) => g.id === groupId);
  if (!group) return choices;
  return { ...choices, [groupId]: tapOption(group, choices[groupId] ?? [], optionId) };
}

/** The first group whose choice is not valid yet (a size not chosen), or null when all are. */
export const missingChoice = (product: Product, choices: Record<number, readonly number[]>) =>
  product.modifier_group.find((group) => choiceProblem(group, choices[group.id]?.length ?? 0)) ??
  null;

/** The product with those options selected: what a line keeps and the pricing reads. */
export const withChoices = (
  product: Product,
  choices: Record<number, readonly number[]>,
): Product => ({
  ...product,
  modifier_group: product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option) => ({
      ...option,
      selected: (choices[group.id] ?? []).includes(option.id),
    })),
  })),
});

/** A line's key: the same product with the same options adds up on one line. */
const lineKey = (product: Product) =>
  [
    product.id,
    ...product.modifier_group.flatMap((g) =>
      g.modifiers_product.filter((o) => o.selected).map((o) => `${g.id}:${o.id}`),
    ),
  ].join('|');

/** The lines with one more of this product (and options). */
export function addLine(lines: readonly DraftLine[], product: Product): DraftLine[] {
  const key = lineKey(product);
  const same = lines.find((line) => line.key === key);
  if (same)
    return lines.map((line) => (line === same ? { ...line, quantity: line.quantity + 1 } : line));
  return [...lines, { key, product, quantity: 1 }];
}

/** The lines with a line's quantity changed; 0 takes it out. */
export const setQuantity = (lines: readonly DraftLine[], key: string, quantity: number) =>
  quantity <= 0
    ? lines.filter((line) => line.key !== key)
    : lines.map((line) => (line.key === key ? { ...line, quantity } : line));

/** What the lines come to before fees and promotions, by the storefront's own pricing. */
export const subtotalOf = (lines: readonly DraftLine[]) =>
  lines.reduce((sum, line) => sum + lineTotal(line.product, line.quantity), 0);

/** The customer as the body names them: by id, or with name and phone (email only when given). */
function customerOf(customer: DraftCustomer): StaffOrderInput['customer'] {
  if (customer.kind === 'found') return { id: customer.id };
  const email = customer.email.trim();
  return { name: customer.name.trim(), phone: customer.phone.trim(), ...(email ? { email } : {}) };
}

/** The body of `POST /api/staff/branches/{id}/orders`: only what the server reads of each line. */
export function bodyOf(draft: OrderDraft & { customer: DraftCustomer }): StaffOrderInput {
  const { destination } = draft;
  return {
    client_order_id: draft.clientOrderId,
    channel: draft.channel,
    customer: customerOf(draft.customer),
    branch_office: { id: draft.branchId },
    payment: draft.paymentId === null ? null : { id: draft.paymentId },
    form: { observation: draft.observation },
    type_delivery: destination.type === 'pickup' ? 1 : 2,
    detail: draft.lines.map(({ product, quantity }) => ({
      id: product.id,
      quantity,
      modifier_group: product.modifier_group.map((group) => ({
        id: group.id,
        modifiers_product: group.modifiers_product.map(({ id, selected }) => ({ id, selected })),
      })),
    })),
    ...(destination.type === 'delivery' && 'addressId' in destination
      ? { address_id: destination.addressId }
      : {}),
    ...(destination.type === 'delivery' && 'address' in destination
      ? { new_address: destination.address }
      : {}),
  };
}
