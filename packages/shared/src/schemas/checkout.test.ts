import { describe, expect, it } from 'vitest';
import { confirmCartPayload } from './checkout';

const payload = (fields: Record<string, unknown>) => ({
  client_order_id: 'order-0001',
  branch_office: { id: 1 },
  payment: { id: 1 },
  detail: [{ id: 7, quantity: 1 }],
  ...fields,
});

const accepted = (fields: Record<string, unknown>) =>
  confirmCartPayload.safeParse(payload(fields)).success;

describe('confirmCartPayload: the order type', () => {
  it('takes the stored delivery values of the contract, null, or nothing', () => {
    for (const delivery of ['domicilio', 'delivery-takeout', 1, 2, null, undefined])
      expect(accepted({ delivery }), String(delivery)).toBe(true);
  });

  it('refuses any other delivery value, and names the field', () => {
    for (const delivery of ['Domicilio', 'pickup', '1', 0, 3, true, {}, []]) {
      const parsed = confirmCartPayload.safeParse(payload({ delivery }));
      expect(parsed.success, JSON.stringify(delivery)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['delivery']);
    }
  });

  it('takes 1 (Recoger) or 2 (Domicilio) as the chosen type, and nothing else', () => {
    expect(accepted({ type_delivery: 1 })).toBe(true);
    expect(accepted({ type_delivery: 2 })).toBe(true);
    expect(accepted({})).toBe(true);
    for (const type_delivery of [0, 3, '2', null, 'domicilio'])
      expect(accepted({ type_delivery }), JSON.stringify(type_delivery)).toBe(false);
  });
});
