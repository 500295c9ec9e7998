import { scheduleDays, type SlotsAnswer } from '@comanda/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { branchSlotsQueryOptions } from '../api/get-branch-slots';
import { OrderWhen } from './order-when';

const closedNow = { available: false, eta: null, closed: 'Cerrada · abre mañana a las 11:30' };
const slot = (start: string, available: boolean) => ({
  start,
  end: start.replace(':00.000Z', ':15.000Z'),
  available,
  full: false,
});

describe('OrderWhen', () => {
  it('opens on the first day with a free slot, not on a Hoy without any', () => {
    const [today, tomorrow] = scheduleDays(new Date());
    const client = new QueryClient();
    const answer = (results: SlotsAnswer['results']): SlotsAnswer => ({ results, asap: closedNow });
    client.setQueryData(branchSlotsQueryOptions(1, today!).queryKey, answer([]));
    client.setQueryData(
      branchSlotsQueryOptions(1, tomorrow!).queryKey,
      answer([slot(`${tomorrow}T16:30:00.000Z`, true)]),
    );
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <OrderWhen branchId={1} value={null} scheduling onChange={() => undefined} />
      </QueryClientProvider>,
    );
    expect(html).toMatch(new RegExp(`<option value="${tomorrow}" selected="">Mañana</option>`));
    expect(html).toContain(`value="${tomorrow}T16:30:00.000Z"`);
  });
});
