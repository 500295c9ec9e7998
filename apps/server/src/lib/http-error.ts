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
