import http from 'node:http';

/** An answer as it came off the socket. */
export interface RawAnswer {
  status: number;
  /** Every header as sent, in order, but Date. */
  headers: [string, string][];
  /** Node's parsed headers, for checks that want them by name. */
  parsed: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over a fresh connection to a listening app, read raw: what reaches a client,
 * including the answers the fast paths write before Fastify (`inject` never reaches them).
 */
export function rawRequest(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
          resolve({
            status: res.statusCode ?? 0,
            headers: pairs.filter(([name]) => name !== 'date'),
            parsed: res.headers,
            body: Buffer.concat(chunks),
          });
        });
      })
      .on('error', reject)
      .end();
  });
}

export const headerOf = (answer: RawAnswer, name: string) =>
  answer.headers.find(([n]) => n === name)?.[1];
