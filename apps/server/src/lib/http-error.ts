import { MESSAGES } from '@comanda/shared';

/** An expected failure with a Spanish message for the customer; the error handler answers it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);

export const unauthorized = (message: string) => new HttpError(401, message);

export const forbidden = (message: string) => new HttpError(403, message);

/** The request was fine but the thing it acts on is not in a state that allows it. */
export const conflict = (message: string) => new HttpError(409, message);

/**
 * The one 400 of a refused body: `{ message, errors: { field: [mensaje] } }`, with the same
 * top-level message as a body the schema refused, so forms read every 400 the same way.
 */
export const invalid = (errors: Record<string, string[]>) =>
  new HttpError(400, MESSAGES.invalidBody, { errors });

/** The one 400 for one field. */
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
