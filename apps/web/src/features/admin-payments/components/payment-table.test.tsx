import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { testPayment, testRefund } from '../lib/test-payments';
import { PaymentTable } from './payment-table';
import { RefundItem } from './refund-list';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('PaymentTable', () => {
  it('shows an attempt on the chain’s clock with its order, money, state, method and ids', () => {
    const html = renderToStaticMarkup(
      <PaymentTable
        payments={[testPayment({ method: 'BANCOLOMBIA_TRANSFER', refunds: [testRefund()] })]}
        stale={false}
      />,
    );
    const shown = text(html);
    // 19:30 UTC is 14:30 in Bogotá.
    expect(shown).toContain('20 de nov de 2026 14:30');
    expect(shown).toContain('Pedido #101');
    expect(shown).toContain('$40.000');
    expect(shown).toContain('Aprobado');
    expect(shown).toContain('Pedido: pagado en línea');
    expect(shown).toContain('Transferencia Bancolombia');
    expect(shown).toContain('1234-1700000000-55555');
    expect(shown).toContain('101-1-ABCD2345');
    expect(html).toContain('aria-label="Reembolsos del pedido #101"');
    expect(shown).toContain('Reembolso -$5.000');
  });

  it('says what the provider has not told yet instead of leaving a blank', () => {
    const shown = text(
      renderToStaticMarkup(
        <PaymentTable
          payments={[testPayment({ status: 'pending', method: null, transaction_id: null })]}
          stale={false}
        />,
      ),
    );
    expect(shown).toContain('Pendiente');
    expect(shown).toContain('Sin dato');
    expect(shown).toContain('Aún no tiene');
  });
});

describe('RefundItem', () => {
  it('marks a refund the provider refused, with its last error, for someone to follow up', () => {
    const html = renderToStaticMarkup(
      <RefundItem
        refund={testRefund({ status: 'declined', last_error: 'Wompi: DECLINED', attempts: 2 })}
      />,
    );
    expect(html).toContain('data-follow-up="true"');
    const shown = text(html);
    expect(shown).toContain('Rechazado por la pasarela');
    expect(shown).toContain('Requiere seguimiento: la pasarela rechazó este reembolso');
    expect(shown).toContain('Último error: Wompi: DECLINED');
    expect(shown).toContain('2 intentos');
    expect(shown).toContain('Por el personal');
  });

  it('marks one still pending after a failed call; a pending one without error waits quietly', () => {
    const failing = renderToStaticMarkup(
      <RefundItem refund={testRefund({ status: 'pending', last_error: 'Wompi answered 500' })} />,
    );
    expect(text(failing)).toContain('Requiere seguimiento: la pasarela aún no confirma');
    const waiting = renderToStaticMarkup(
      <RefundItem refund={testRefund({ status: 'pending', automatic: true, provider_id: null })} />,
    );
    expect(waiting).not.toContain('data-follow-up');
    expect(text(waiting)).toContain('En proceso');
    expect(text(waiting)).toContain('Automático');
  });
});
