import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { testStop } from '../lib/test-trip';
import { StopCard } from './stop-card';

const render = (stop: Parameters<typeof StopCard>[0]['stop'], out = true) =>
  renderToStaticMarkup(
    <StopCard
      stop={stop}
      city="Bogotá"
      out={out}
      busy={false}
      onDelivered={() => undefined}
      onFailed={() => undefined}
    />,
  );

describe('a stop of the trip', () => {
  it('gives the door what the courier needs: who, where, the call, the way and the money', () => {
    const html = render({ ...testStop(), heldAt: null });
    expect(html).toContain('Ana');
    expect(html).toContain('Calle 10 # 20-30');
    expect(html).toContain('Torre 2, apto 301');
    expect(html).toContain('href="tel:3001234567"');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=');
    expect(html).toContain('Cobrar $38.500 · paga con $50.000 · llevar $11.500 de cambio');
    expect(html).toContain('>Entregado</button>');
    expect(html).toContain('>No se pudo entregar</button>');
  });

  it('offers no outcome before the trip leaves, and says what happened after', () => {
    expect(render({ ...testStop(), heldAt: null }, false)).not.toContain('</button>');
    expect(
      render({ ...testStop(), outcome: 'delivered', heldAt: '2026-12-02T20:41:00.000Z' }),
    ).toContain('Entregado · sin enviar');
    expect(
      render({ ...testStop(), outcome: 'failed', fail_reason: 'no_answer', heldAt: null }),
    ).toContain('No se pudo entregar: No contestó');
  });
});
