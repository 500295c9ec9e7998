/** The error `promise` rejects with; a promise that resolves fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error & { code?: string },
  );
}
