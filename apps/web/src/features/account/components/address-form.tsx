import { addressBody, type Address, type AddressBody } from '@comanda/shared';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { AddressPlaceFields } from './address-place-fields';
import styles from './address-form.module.css';
import type { ServedNeighbourhood } from '@/entities/delivery/api/get-neighbourhoods';

const FIELDS = ['label', 'address', 'neighbourhood', 'city', 'notes'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = {
  label: '',
  address: '',
  neighbourhood: '',
  city: '',
  notes: '',
};

interface AddressFormProps {
  /** The address being edited; none for a new one. */
  initial?: Address;
  /** Sends the checked body (the server's `addressBody`); resolves once the list shows the change. */
  onSave: (body: AddressBody) => Promise<Address>;
  onSaved: (address: Address) => void;
  onCancel: () => void;
  /**
   * The neighbourhoods some branch delivers to: `Barrio` is picked among them, and typed only for
   * one no zone names (with the warning that no branch delivers there). Unknown while they load or
   * when they fail: `Barrio` is then typed.
   */
  neighbourhoods?: readonly ServedNeighbourhood[] | undefined;
  /** A new address's `Barrio` to start with: the neighbourhood already chosen on /domicilio. */
  neighbourhood?: string | undefined;
}

/** The form's first values: the edited address's, or a new one's (with its neighbourhood if chosen). */
function startingValues(initial: Address | undefined, neighbourhood: string | undefined) {
  return initial
    ? {
        label: initial.label,
        address: initial.address,
        neighbourhood: initial.neighbourhood,
        city: initial.city,
        notes: initial.notes,
      }
    : { ...EMPTY, neighbourhood: neighbourhood ?? '' };
}

/** Add or edit one address, checked with the server's own `addressBody` and its messages. */
export function AddressForm({
  initial,
  onSave,
  onSaved,
  onCancel,
  neighbourhoods,
  neighbourhood,
}: AddressFormProps) {
  const { problems, sending, onSubmit, formRef, bind } = useForm<Field, Address>({
    fields: FIELDS,
    initial: startingValues(initial, neighbourhood),
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
      <TextField
        {...bind('label')}
        label="Nombre"
        hint="Casa, Oficina…"
        maxLength={40}
        aria-required="true"
      />
      <TextField
        {...bind('address')}
        label="Dirección"
        autoComplete="street-address"
        maxLength={160}
        aria-required="true"
      />
      <AddressPlaceFields bind={bind} neighbourhoods={neighbourhoods} />
      <TextField
        {...bind('notes')}
        label="Indicaciones (opcional)"
        hint="Torre, apartamento, timbre…"
        maxLength={240}
      />
      <FormAlert message={problems.form} />
      <FormButtons sending={sending} onCancel={onCancel} />
    </form>
  );
}

/** `Cancelar` and `Guardar`, both held while the address is being saved. */
function FormButtons({ sending, onCancel }: { sending: boolean; onCancel: () => void }) {
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={onCancel} disabled={sending}>
        Cancelar
      </Button>
      <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Guardando…' : 'Guardar'}
      </Button>
    </div>
  );
}
