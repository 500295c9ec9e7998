import { chainToday, type CoverageEntry, type SlotsAnswer } from '@comanda/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { coverageQueryOptions } from '@/entities/delivery/api/get-coverage';
import { branchSlotsQueryOptions } from '@/entities/schedule/api/get-branch-slots';
import { createSessionStore, SessionProvider, type SessionStore } from '@/stores/session-store';
import { CheckoutWhen } from './checkout-when';

const BRANCH = 1;
const PLACE = 'Mazurén';

/** The branch's kitchen queue: 25–35 min, the pickup's figure; a free slot today. */
const slots: SlotsAnswer = {
  results: [
    {
      start: '2026-12-03T01:00:00.000Z',
      end: '2026-12-03T01:15:00.000Z',
      available: true,
      full: false,
    },
  ],
  asap: { available: true, eta: [25, 35], closed: null },
};

/** The branch's coverage of the place: the trip added, 50–65 min, as the menu's line says it. */
const coverage: CoverageEntry = {
  branch: { id: BRANCH, title: 'Campiña' },
  neighbourhood: PLACE,
  fee: 4500,
  min_order: 0,
  eta_min: 50,
  eta_max: 65,
  accepting_orders: true,
  open_now: true,
  resumes_at: null,
  closed: null,
};

/** «¿Para cuándo?» as checkout renders it, the answers already read (as the menu left them). */
function render(delivering: boolean, covered: CoverageEntry[] = [coverage]) {
  const client = new QueryClient();
  client.setQueryData(branchSlotsQueryOptions(BRANCH, chainToday(new Date())).queryKey, slots);
  client.setQueryData(coverageQueryOptions(PLACE).queryKey, covered);
  const base = createSessionStore({ delivery: delivering ? 'domicilio' : 2 });
  base.setState({ deliveryTo: { neighbourhood: PLACE, address_id: null } });
  const store: SessionStore = { ...base, renderedState: base.getState };
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SessionProvider store={store}>
        <CheckoutWhen
          delivering={delivering}
          branchId={BRANCH}
          value={null}
          scheduling={false}
          onChange={() => undefined}
          errors={undefined}
        />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('checkout «¿Para cuándo?»', () => {
  it('promises a delivery the delivery estimate the menu showed, not the pickup time', () => {
    const html = render(true);
    expect(html).toContain('· 50–65 min');
    expect(html).not.toContain('25–35');
  });

  it('promises a pickup the kitchen queue’s time', () => {
    expect(render(false)).toContain('· 25–35 min');
  });

  it('promises no time for a delivery whose branch does not reach the place', () => {
    const html = render(true, []);
    expect(html).toContain('Lo antes posible');
    expect(html).not.toContain(' min');
  });
});
