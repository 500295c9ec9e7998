import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderSummary, placedOrderLines } from './order-summary';

describe('OrderSummary', () => {
  it('lists each promotion of a placed order, and the code’s discount beyond them', () => {
    const promotions = [{ title: '2x1 martes', amount: 22900 }];
    expect(placedOrderLines({ delivery_fee: 0, discount: 22900, promotions })).toEqual([
      { label: '2x1 martes', amount: '−$22.900' },
    ]);
    expect(placedOrderLines({ delivery_fee: 0, discount: 25400, promotions })).toEqual([
      { label: '2x1 martes', amount: '−$22.900' },
      { label: 'Descuento', amount: '−$2.500' },
    ]);
  });

  it('lists a placed order’s fee and discount only when there is one', () => {
    expect(placedOrderLines({ delivery_fee: 0, discount: 0 })).toEqual([]);
    expect(placedOrderLines({ delivery_fee: 5000, discount: 2500 })).toEqual([
      { label: 'Domicilio', amount: '$5.000' },
      { label: 'Descuento', amount: '−$2.500' },
    ]);
  });

  it('renders its lines, each line’s note, the total row and what comes after it, in order', () => {
    const html = renderToStaticMarkup(
      <OrderSummary
        lines={[{ label: 'Domicilio', amount: '$5.000', note: <p>Mínimo $30.000</p> }]}
        totalClassName="total"
        total={<span>Total $35.000</span>}
        after={[{ label: 'Reembolsado', amount: '−$5.000' }]}
      />,
    );
    const texts = [...html.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, ''),
    );
    expect(texts).toEqual([
      'Domicilio$5.000',
      'Mínimo $30.000',
      'Total $35.000',
      'Reembolsado−$5.000',
    ]);
    expect(html).toContain('<p class="total">');
  });
});
