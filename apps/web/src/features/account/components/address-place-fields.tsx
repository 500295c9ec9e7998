import { foldText } from '@comanda/shared';
import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/form-field';
import type { ServedNeighbourhood } from '@/entities/delivery/api/get-neighbourhoods';
import type { FieldBinding } from '@/lib/form/use-form';
import { byCity } from '../lib/neighbourhood-groups';
import styles from './address-form.module.css';

interface AddressPlaceFieldsProps {
  bind: (field: 'neighbourhood' | 'city') => FieldBinding;
  /** The neighbourhoods some branch delivers to, when known (see AddressForm). */
  neighbourhoods: readonly ServedNeighbourhood[] | undefined;
}

/** `Barrio` (chosen among the served neighbourhoods when they are known, else typed) and `Ciudad`, side by side. */
export function AddressPlaceFields({ bind, neighbourhoods }: AddressPlaceFieldsProps) {
  const neighbourhood = bind('neighbourhood');
  const city = bind('city');
  return (
    <div className={styles.pair}>
      {neighbourhoods && neighbourhoods.length > 0 ? (
        <NeighbourhoodField
          neighbourhoods={neighbourhoods}
          value={neighbourhood.value}
          error={neighbourhood.error}
          onChange={(value, itsCity) => {
            neighbourhood.onChange({ target: { value } });
            // A neighbourhood from the list says its city: filled in when none is typed yet.
            if (itsCity && city.value.trim() === '') city.onChange({ target: { value: itsCity } });
          }}
        />
      ) : (
        <TextField {...neighbourhood} label="Barrio" maxLength={80} aria-required="true" />
      )}
      <TextField
        {...city}
        label="Ciudad"
        autoComplete="address-level2"
        maxLength={80}
        aria-required="true"
      />
    </div>
  );
}

/** The select's value for "a neighbourhood not in the list". */
const OTHER = '__otro__';

interface NeighbourhoodFieldProps {
  neighbourhoods: readonly ServedNeighbourhood[];
  value: string;
  error: string | undefined;
  /** The neighbourhood chosen or typed, and its city when it is one of the list's. */
  onChange: (value: string, city?: string) => void;
}

/**
 * `Barrio` as a choice among the served neighbourhoods, grouped by city, so a typo can never leave
 * an address no branch recognises; "Otro barrio" opens a text field for one no zone names, and
 * says honestly that no branch delivers there. Either control is named `neighbourhood`, so a
 * refusal focuses it.
 */
function NeighbourhoodField({ neighbourhoods, value, error, onChange }: NeighbourhoodFieldProps) {
  const groups = byCity(neighbourhoods);
  const served = neighbourhoods.find((place) => foldText(place.name) === foldText(value));
  // A saved address outside every zone opens on "Otro barrio", with its text.
  const [other, setOther] = useState(value.trim() !== '' && !served);
  return (
    <div className={styles.neighbourhood}>
      <SelectField
        name={other ? 'neighbourhood_choice' : 'neighbourhood'}
        label="Barrio"
        aria-required="true"
        value={other ? OTHER : (served?.name ?? '')}
        error={other ? undefined : error}
        onChange={(event) => {
          const chosen = event.target.value;
          setOther(chosen === OTHER);
          if (chosen === OTHER) onChange('');
          else onChange(chosen, neighbourhoods.find((place) => place.name === chosen)?.city);
        }}
      >
        <option value="" disabled>
          Elige tu barrio
        </option>
        {groups.map(({ city, names }) => (
          <optgroup key={city} label={city}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
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
