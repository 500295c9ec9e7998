import { useId } from 'react';
import shared from './checkout.module.css';
import styles from './observation-field.module.css';

/** The server keeps at most this many characters of the observation (`form.observation`). */
export const OBSERVATION_MAX = 500;

/** product.md «Screens and routes» 'Recomendacion': a free-text note for the kitchen or the courier. */
export function ObservationField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={shared.title}>
        <label htmlFor={id}>Recomendacion</label>
      </h2>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={OBSERVATION_MAX}
        rows={3}
        placeholder="Ej.: sin cebolla, salsas aparte, timbre dañado…"
        aria-describedby={`${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className={styles.count}>
        {value.length}/{OBSERVATION_MAX}
      </p>
    </section>
  );
}
