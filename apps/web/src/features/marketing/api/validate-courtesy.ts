import { endpoints, type CourtesyForm, type MarketingAnswer } from '@comanda/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * POST /api/courtesy-validate with `{ name, phone, branch_id, date_reservation }` (product.md «Entities») →
 * `{ status, error, errors }`: the server checks the day and stores the reservation.
 */
export function validateCourtesy(form: CourtesyForm): Promise<MarketingAnswer> {
  return call(endpoints.validateCourtesy, { body: form });
}

export const validateCourtesyMutationOptions = () =>
  mutationOptions({ mutationKey: ['courtesy', 'validate'], mutationFn: validateCourtesy });

export function useValidateCourtesy() {
  return useMutation(validateCourtesyMutationOptions());
}
