import { ApiError } from '@/lib/api-client';

/** The one field of the forms that send a code (to turn the factor on, or off). */
export const CODE_FIELDS = ['code'] as const;

/**
 * A refused code, as the form shows it beside the code field whatever went wrong: the server's
 * message about the code, else its refusal; `fallback` when no answer came. Rethrown as a field
 * error, so useForm puts it there and clears it once the code is edited.
 */
export function codeRefusal(fallback: string) {
  return (failure: unknown): never => {
    const message =
      failure instanceof ApiError ? (failure.errors?.code?.[0] ?? failure.message) : fallback;
    const status = failure instanceof ApiError ? failure.status : 0;
    throw new ApiError(status, message, { code: [message] });
  };
}
