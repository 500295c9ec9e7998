import { PAYMENT_KINDS, paymentTypeBody, type AdminPaymentType } from '@comanda/shared';
import { useCreatePaymentType } from '../api/create-payment-type';
import { usePaymentTypes } from '../api/get-payment-types';
import { useReorderPaymentTypes } from '../api/reorder-payment-types';
import { useUpdatePaymentType } from '../api/update-payment-type';
import { NamedList } from './named-list';
import { styles } from './content-styles';

/** What each kind means at checkout, under the method's name (decision 061). */
const KIND_NOTE: Record<AdminPaymentType['kind'], string> = {
  cash: 'El cliente dice con cuánto paga, para llevarle el cambio',
  on_delivery: 'Se paga al recibir el pedido',
  online: 'Se paga en la pasarela antes de que el pedido llegue a la sede',
};

/** The choice of how a method is paid, as the select offers it. */
const KIND_CHOICE: Record<AdminPaymentType['kind'], string> = {
  cash: 'Al contado, con cambio',
  on_delivery: 'Contra entrega',
  online: 'Por la pasarela',
};

/** Contenido → Métodos de pago: what checkout offers, in this order; a disabled one disappears from it. */
export function PaymentTypes() {
  const query = usePaymentTypes();
  const create = useCreatePaymentType();
  const update = useUpdatePaymentType();
  const reorder = useReorderPaymentTypes();
  return (
    <NamedList
      title="Métodos de pago"
      description="Lo que el cliente elige al pagar, en este orden. Uno desactivado deja de ofrecerse en el pago y no se acepta en pedidos nuevos. Uno en línea solo se ofrece cuando la pasarela de pagos está configurada."
      noun="método de pago"
      addLabel="Nuevo método de pago"
      searchLabel="Buscar métodos de pago"
      query={query}
      schema={paymentTypeBody}
      create={(description) => create.mutateAsync({ description })}
      update={(item, changes) =>
        update.mutateAsync({ id: item.id, ...changes, version: item.version })
      }
      reorder={(ids) => reorder.mutateAsync(ids)}
      note={(item) => KIND_NOTE[item.kind]}
      extra={(item) => (
        <label className={styles.kind}>
          <span className="visually-hidden">Cómo se paga «{item.description}»</span>
          <select
            value={item.kind}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({
                id: item.id,
                description: item.description,
                active: item.active,
                kind: event.target.value as AdminPaymentType['kind'],
                version: item.version,
              })
            }
          >
            {PAYMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_CHOICE[kind]}
              </option>
            ))}
          </select>
        </label>
      )}
      onLabel="Se ofrece"
      offLabel="Desactivado"
    />
  );
}
