import { endpoints, type DiscountForm, type MarketingAnswer } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * POST /api/discount with the form (product.md «Entities»: name, phone, email, confirmation, address,
 * source_id, branch_id) → `{ status, error, errors }`. A refusal arrives as an ApiError whose
 * `errors` holds its field messages (see src/lib/form/problems.ts).
 */
export function createDiscount(form: DiscountForm): Promise<MarketingAnswer> {
  return call(endpoints.createDiscount, {
    body: { ...form, source_id: Number(form.source_id) || 0 },
  });
}

export const createDiscountMutationOptions = () =>
  mutationOptions({ mutationKey: ['discount', 'create'], mutationFn: createDiscount });

export function useCreateDiscount() {
  return useMutation(createDiscountMutationOptions());
}
