/**
 * The columns an order and its lines are written with, in the order the group commit's values
 * follow. One list for both databases' batch writes, the reads of lines, and bench:orders'
 * bare-database ceiling, which writes the same rows.
 */

/** A line's columns as placement builds them; its options follow, as JSON text. */
export const linePlainColumns = [
  'product_id',
  'slug',
  'title',
  'image',
  'unit_price',
  'quantity',
  'total',
  'note',
] as const;
export const lineColumns = [...linePlainColumns, 'options'] as const;

/** An order's columns taken from its draft; the batch writes the three after them itself. */
export const orderDraftColumns = [
  'user_id',
  'branch_id',
  'client_order_id',
  'type_delivery',
  'address_id',
  'address',
  'neighbourhood',
  'address_notes',
  'customer_phone',
  'payment_type_id',
  'payment_description',
  'observation',
  'quantity',
  'total',
  'delivery_fee',
  'discount',
  'coupon_code_id',
  'promotions',
  'scheduled_for',
  'fire_at',
  'status',
  'payment_status',
  'pay_with',
  'payment_expires_at',
  'tip',
  'channel',
  'placed_by',
] as const;
/** The columns one order's row is written with, in the order the batch's values follow. */
export const orderColumns = [...orderDraftColumns, 'user_seq', 'created_at', 'updated_at'] as const;
export const orderLineColumns = ['order_id', 'position', ...lineColumns] as const;
