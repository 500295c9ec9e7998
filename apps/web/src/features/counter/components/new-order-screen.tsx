import {
  COUNTER_MESSAGES,
  formatMoney,
  ORDER_CHANNEL_TEXT,
  STAFF_ORDER_CHANNELS,
  type Address,
  type BranchConsole,
  type PlacedOrder,
} from '@comanda/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { ApiError } from '@/lib/api-client';
import { usePaymentTypes } from '../api/get-menu';
import { usePlaceStaffOrder } from '../api/place-staff-order';
import { addLine, bodyOf, setQuantity, subtotalOf, type OrderDraft } from '../lib/draft';
import { CustomerPicker } from './customer-picker';
import { DestinationPicker } from './destination-picker';
import { MenuPicker } from './menu-picker';
import { OrderLines } from './order-lines';
import styles from './new-order.module.css';

const freshDraft = (branchId: number, channel: OrderDraft['channel'] = 'telefono'): OrderDraft => ({
  clientOrderId: crypto.randomUUID(),
  channel,
  branchId,
  customer: null,
  lines: [],
  destination: { type: 'pickup' },
  paymentId: null,
  observation: '',
});

/** Why the order cannot be placed yet, before asking the server; null when it can. */
function notReady(draft: OrderDraft): string | null {
  if (!draft.customer || (draft.customer.kind === 'new' && !draft.customer.name.trim()))
    return COUNTER_MESSAGES.customerRequired;
  if (draft.lines.length === 0) return 'Agrega al menos un producto.';
  if (draft.paymentId === null) return 'Elige cómo paga el cliente.';
  return null;
}

/** The server's reasons, one per line: the first of each field. */
const reasonsOf = (error: unknown): string[] =>
  error instanceof ApiError && error.errors
    ? Object.values(error.errors).map((messages) => messages[0] ?? '')
    : [error instanceof Error ? error.message : String(error)];

/**
 * /panel/nuevo-pedido: an order taken by phone or at the counter (decision 087). The draft keeps
 * its client_order_id until the order is placed, so a retry after a lost answer places it once.
 */
export function NewOrderScreen({ branch }: { branch: BranchConsole }) {
  const [draft, setDraft] = useState(() => freshDraft(branch.id));
  const [addresses, setAddresses] = useState<readonly Address[]>([]);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const place = usePlaceStaffOrder(branch.id);
  const change = (patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = notReady(draft);
    if (missing || !draft.customer) return setProblem([missing ?? '']);
    setProblem([]);
    place.mutate(bodyOf({ ...draft, customer: draft.customer }), {
      onSuccess: ({ results }) => {
        setPlaced(results);
        setAddresses([]);
        setDraft(freshDraft(branch.id, draft.channel));
      },
      onError: (error) => setProblem(reasonsOf(error)),
    });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Nuevo pedido en {branch.title}</h1>
      {placed ? <PlacedNote order={placed} /> : null}
      <div className={styles.layout}>
        <MenuPicker
          branchId={branch.id}
          onAdd={(p) => change({ lines: addLine(draft.lines, p) })}
        />
        <form className={styles.order} onSubmit={onSubmit} noValidate aria-label="Pedido">
          <SegmentedControl
            legend="Canal del pedido"
            options={STAFF_ORDER_CHANNELS.map((value) => ({
              value,
              label: ORDER_CHANNEL_TEXT[value],
            }))}
            value={draft.channel}
            onChange={(channel) => change({ channel })}
          />
          {/* A new order starts with an empty search: the picker is remade with the draft. */}
          <CustomerPicker
            key={draft.clientOrderId}
            branchId={branch.id}
            customer={draft.customer}
            onChange={(customer, found) => {
              setAddresses(found?.addresses ?? []);
              change({ customer, destination: { type: 'pickup' } });
            }}
          />
          <OrderDetails draft={draft} addresses={addresses} change={change} />
          {problem.length > 0 ? (
            <ul className={styles.problems} role="alert">
              {problem.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
          <Button type="submit" block disabled={place.isPending}>
            {place.isPending
              ? 'Tomando el pedido…'
              : `Tomar pedido · ${formatMoney(subtotalOf(draft.lines))}`}
          </Button>
        </form>
      </div>
    </div>
  );
}

/** The lines, the delivery, the payment and the kitchen's note. */
function OrderDetails({
  draft,
  addresses,
  change,
}: {
  draft: OrderDraft;
  addresses: readonly Address[];
  change: (patch: Partial<OrderDraft>) => void;
}) {
  const payments = usePaymentTypes();
  return (
    <>
      <section className={styles.section} aria-labelledby="counter-lines">
        <h2 id="counter-lines" className={styles.subheading}>
          Productos
        </h2>
        <OrderLines
          lines={draft.lines}
          onQuantity={(key, quantity) => change({ lines: setQuantity(draft.lines, key, quantity) })}
        />
      </section>
      <DestinationPicker
        addresses={addresses}
        destination={draft.destination}
        onChange={(destination) => change({ destination })}
      />
      <SelectField
        name="payment"
        label="Pago"
        value={draft.paymentId ?? ''}
        onChange={(event) => change({ paymentId: Number(event.target.value) || null })}
      >
        <option value="">Elige cómo paga</option>
        {(payments.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.parameter.description}
          </option>
        ))}
      </SelectField>
      <TextField
        name="observation"
        label="Nota para la sede (opcional)"
        value={draft.observation}
        onChange={(event) => change({ observation: event.target.value })}
      />
    </>
  );
}

function PlacedNote({ order }: { order: PlacedOrder }) {
  return (
    <p className={styles.placed} role="status">
      Pedido #{order.id} tomado por {ORDER_CHANNEL_TEXT[order.channel].toLowerCase()} para{' '}
      {order.customer.name} · {formatMoney(order.total)}. Ya está en Pedidos.
    </p>
  );
}
