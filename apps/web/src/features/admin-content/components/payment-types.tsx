import { paymentTypeBody } from '@comanda/shared';
import { useCreatePaymentType } from '../api/create-payment-type';
import { usePaymentTypes } from '../api/get-payment-types';
import { useReorderPaymentTypes } from '../api/reorder-payment-types';
import { useUpdatePaymentType } from '../api/update-payment-type';
import { NamedList } from './named-list';

/** Contenido → Métodos de pago: what checkout offers, in this order; a disabled one disappears from it. */
export function PaymentTypes() {
  const query = usePaymentTypes();
  const create = useCreatePaymentType();
  const update = useUpdatePaymentType();
  const reorder = useReorderPaymentTypes();
  return (
    <NamedList
      title="Métodos de pago"
      description="Lo que el cliente elige al pagar, en este orden. Uno desactivado deja de ofrecerse en el pago y no se acepta en pedidos nuevos."
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
      onLabel="Se ofrece"
      offLabel="Desactivado"
    />
  );
}
