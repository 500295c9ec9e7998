import { errorMessageSchema, fieldErrorsSchema } from '../schemas/common';

/**
 * What a route behind `app.authorize` refuses with, besides its own answers: a bad body or
 * query, no session, a role or branch that may not act, an unknown id.
 */
export const guardedRefusals = {
  400: fieldErrorsSchema,
  401: errorMessageSchema,
  403: errorMessageSchema,
  404: errorMessageSchema,
};
