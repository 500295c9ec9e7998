import { formatMoney } from '@comanda/shared';
import { DELIVERIES, type Delivery } from './events';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const DELIVERY_LABELS: Record<Delivery, string> = {
  una: 'Una vez, en orden (como de costumbre)',
  dos: 'Dos veces cada uno',
  desordenadas: 'Desordenados: el final antes que el pendiente',
  'tres-al-azar': 'Tres veces cada uno, al azar',
  tarde: 'Tarde (unos segundos después)',
  nunca: 'Nunca (solo la conciliación se entera)',
};

const METHODS = [
  ['CARD', 'Tarjeta de crédito o débito'],
  ['PSE', 'PSE (débito desde tu banco)'],
  ['NEQUI', 'Nequi'],
  ['BANCOLOMBIA_TRANSFER', 'Transferencia Bancolombia'],
] as const;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef2f7;color:#14213d}
main{max-width:460px;margin:0 auto;padding:16px}
.test{background:#fff3cd;border:2px dashed #8a6d00;color:#5c4700;border-radius:10px;padding:10px 12px;font-weight:700;text-align:center;margin:0 0 16px}
.card{background:#fff;border-radius:14px;padding:20px;box-shadow:0 1px 3px rgba(20,33,61,.15)}
h1{font-size:1.25rem;margin:0 0 4px}.amount{font-size:2rem;font-weight:800;margin:8px 0 0}
.muted{color:#4a5568;font-size:.9rem;margin:0}dl{margin:16px 0;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:.9rem}
dt{color:#4a5568}dd{margin:0;word-break:break-all}fieldset{border:1px solid #cbd5e0;border-radius:10px;margin:0 0 16px;padding:8px 12px}
legend{font-weight:700;padding:0 4px}label{display:flex;gap:8px;align-items:center;min-height:44px}
button{display:block;width:100%;min-height:52px;border:0;border-radius:10px;font:inherit;font-weight:700;margin:10px 0 0;cursor:pointer}
.approve{background:#1a7f37;color:#fff}.decline{background:#b42318;color:#fff}.pending{background:#e2e8f0;color:#14213d}
details{margin:16px 0 0;font-size:.9rem}summary{cursor:pointer;min-height:44px;display:flex;align-items:center}
.done a{display:block;text-align:center;margin:16px 0 0;color:#14213d;font-weight:700}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><p class="test" role="note">Pago de prueba: simulador de la pasarela, no se cobra dinero real.</p>${body}</main></body></html>`;
}

export interface CheckoutView {
  params: Record<string, string>;
  merchant: string;
  amountInCents: number;
  reference: string;
  email: string;
  /** Where the form posts. */
  action: string;
}

/** The simulator's Web Checkout: what is paid, the method, and Aprobar, Rechazar, Dejar pendiente. */
export function checkoutPage(view: CheckoutView): string {
  const hidden = Object.entries(view.params)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const methods = METHODS.map(
    ([value, label], index) =>
      `<label><input type="radio" name="method" value="${value}"${index === 0 ? ' checked' : ''}> ${escape(label)}</label>`,
  ).join('');
  const deliveries = DELIVERIES.map(
    (value) =>
      `<option value="${value}"${value === 'una' ? ' selected' : ''}>${escape(DELIVERY_LABELS[value])}</option>`,
  ).join('');
  return page(
    'Pagar — simulador',
    `<div class="card"><h1>Pagar a ${escape(view.merchant)}</h1>
<p class="amount">${escape(formatMoney(view.amountInCents / 100))} <span class="muted">COP</span></p>
<dl><dt>Referencia</dt><dd>${escape(view.reference)}</dd><dt>Email</dt><dd>${escape(view.email)}</dd></dl>
<form method="post" action="${escape(view.action)}">${hidden}
<fieldset><legend>Medio de pago</legend>${methods}</fieldset>
<button class="approve" name="outcome" value="APPROVED">Aprobar</button>
<button class="decline" name="outcome" value="DECLINED">Rechazar</button>
<button class="pending" name="outcome" value="PENDING">Dejar pendiente</button>
<details><summary>Opciones del simulador</summary>
<label for="delivery">Eventos al comercio</label>
<select id="delivery" name="delivery">${deliveries}</select></details>
</form></div>`,
  );
}

/** A page that says why nothing can be paid here, with a way back when there is one. */
export function messagePage(title: string, message: string, back?: string): string {
  return page(
    title,
    `<div class="card done"><h1>${escape(title)}</h1><p>${escape(message)}</p>${
      back ? `<a href="${escape(back)}">Volver al comercio</a>` : ''
    }</div>`,
  );
}
