import { addressBody, type Address, type AddressBody } from '@comanda/shared';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import styles from './address-form.module.css';

const FIELDS = ['label', 'address', 'neighbourhood', 'city', 'notes'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = { label: '', address: '', neighbourhood: '', city: '', notes: '' };

interface AddressFormProps {
  /** The address being edited; none for a new one. */
  initial?: Address;
  /** Sends the checked body (the server's `addressBody`); resolves once the list shows the change. */
  onSave: (body: AddressBody) => Promise<Address>;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

/** Add or edit one address, checked with the server's own `addressBody` and its messages. */
export function AddressForm({ initial, onSave, onSaved, onCancel }: AddressFormProps) {
  const { problems, sending, onSubmit, formRef, bind } = useForm<Field, Address>({
    fields: FIELDS,
    initial: initial
      ? { label: initial.label, address: initial.address, neighbourhood: initial.neighbourhood, city: initial.city, notes: initial.notes }
      : EMPTY,
    check: (values) => problemsFromParse(addressBody.safeParse(values), FIELDS),
    send: (values) => onSave(addressBody.parse(values)),
    onSent: (saved) => onSaved(saved),
  });

  // The form opens where the customer asked for it: typing can start at once.
  useEffect(() => {
    const first = formRef.current?.elements.namedItem('label');
    if (first instanceof HTMLInputElement) first.focus();
  }, [formRef]);

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={sending || undefined}
      aria-label={initial ? `Editar ${initial.label}` : 'Nueva dirección'}
    >
      <TextField {...bind('label')} label="Nombre" hint="Casa, Oficina…" maxLength={40} aria-required="true" />
      <TextField {...bind('address')} label="Dirección" autoComplete="street-address" maxLength={160} aria-required="true" />
      <div className={styles.pair}>
        <TextField {...bind('neighbourhood')} label="Barrio" maxLength={80} aria-required="true" />
        <TextField {...bind('city')} label="Ciudad" autoComplete="address-level2" maxLength={80} aria-required="true" />
      </div>
      <TextField {...bind('notes')} label="Indicaciones (opcional)" hint="Torre, apartamento, timbre…" maxLength={240} />
      <FormAlert message={problems.form} />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Guardando…' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}
