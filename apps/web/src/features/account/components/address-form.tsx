import { addressBody, type Address, type AddressBody } from '@comanda/shared';
import { foldText } from '@comanda/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import styles from './address-form.module.css';

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
  neighbourhoods?: readonly string[] | undefined;
  /** A new address's `Barrio` to start with: the neighbourhood already chosen on /domicilio. */
  neighbourhood?: string | undefined;
}

/** The select's value for "a neighbourhood not in the list". */
const OTHER = '__otro__';

/** Add or edit one address, checked with the server's own `addressBody` and its messages. */
export function AddressForm({
  initial,
  onSave,
  onSaved,
  onCancel,
  neighbourhoods,
  neighbourhood,
}: AddressFormProps) {
  const { problems, sending, onSubmit, formRef, bind, values, setValue } = useForm<Field, Address>({
    fields: FIELDS,
    initial: initial
      ? {
          label: initial.label,
          address: initial.address,
          neighbourhood: initial.neighbourhood,
          city: initial.city,
          notes: initial.notes,
        }
      : { ...EMPTY, neighbourhood: neighbourhood ?? '' },
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
      <div className={styles.pair}>
        {neighbourhoods && neighbourhoods.length > 0 ? (
          <NeighbourhoodField
            neighbourhoods={neighbourhoods}
            value={values.neighbourhood}
            error={problems.fields.neighbourhood}
            onChange={(value) => setValue('neighbourhood', value)}
          />
        ) : (
          <TextField
            {...bind('neighbourhood')}
            label="Barrio"
            maxLength={80}
            aria-required="true"
          />
        )}
        <TextField
          {...bind('city')}
          label="Ciudad"
          autoComplete="address-level2"
          maxLength={80}
          aria-required="true"
        />
      </div>
      <TextField
        {...bind('notes')}
        label="Indicaciones (opcional)"
        hint="Torre, apartamento, timbre…"
        maxLength={240}
      />
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

interface NeighbourhoodFieldProps {
  neighbourhoods: readonly string[];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * `Barrio` as a choice among the served neighbourhoods, so a typo can never leave an address no
 * branch recognises; "Otro barrio" opens a text field for one no zone names, and says honestly
 * that no branch delivers there. Either control is named `neighbourhood`, so a refusal focuses it.
 */
function NeighbourhoodField({ neighbourhoods, value, error, onChange }: NeighbourhoodFieldProps) {
  const sorted = [...neighbourhoods].sort((a, b) => a.localeCompare(b, 'es'));
  const served = sorted.find((name) => foldText(name) === foldText(value));
  // A saved address outside every zone opens on "Otro barrio", with its text.
  const [other, setOther] = useState(value.trim() !== '' && !served);
  return (
    <div className={styles.neighbourhood}>
      <SelectField
        name={other ? 'neighbourhood_choice' : 'neighbourhood'}
        label="Barrio"
        aria-required="true"
        value={other ? OTHER : (served ?? '')}
        error={other ? undefined : error}
        onChange={(event) => {
          const chosen = event.target.value;
          setOther(chosen === OTHER);
          onChange(chosen === OTHER ? '' : chosen);
        }}
      >
        <option value="" disabled>
          Elige tu barrio
        </option>
        {sorted.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={OTHER}>Otro barrio (no está en la lista)</option>
      </SelectField>
      {other ? (
        <>
          <TextField
            name="neighbourhood"
            label="¿Cuál barrio?"
            value={value}
            error={error}
            maxLength={80}
            aria-required="true"
            onChange={(event) => onChange(event.target.value)}
          />
          <p className={styles.warning} role="note">
            Ninguna sede hace domicilios a un barrio fuera de la lista por ahora: puedes guardar la
            dirección, pero tendrás que recoger tus pedidos en una sede.
          </p>
        </>
      ) : null}
    </div>
  );
}
