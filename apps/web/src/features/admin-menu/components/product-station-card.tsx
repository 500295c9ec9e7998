import type { AdminProduct } from '@comanda/shared';
import { useId, useState } from 'react';
import { useStationChoices } from '../api/get-station-choices';
import { useSetProductStation } from '../api/set-product-station';
import styles from './product-editor.module.css';

/** The select's value for "its category's station". */
const CATEGORY = '';

/**
 * Estación de cocina: the station (by name) every branch cooks the product at; "La de su
 * categoría" leaves it to the category's, or the branch's first (decision 072). Saved on its
 * own, at once: it is not part of the product's form.
 */
export function ProductStationCard({ product }: { product: AdminProduct }) {
  const id = useId();
  const stations = useStationChoices();
  const save = useSetProductStation(product.id);
  const savedName =
    product.station_id === null ? null : (stations.data?.names.get(product.station_id) ?? null);
  // The choice shown: the saved station's name until another is picked.
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? savedName ?? CATEGORY;
  const choose = (name: string) => {
    setPicked(name);
    const choice = stations.data?.choices.find((station) => station.name === name);
    save.mutate(choice ? choice.station_id : null);
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Estación de cocina
      </h2>
      <label htmlFor={id} className={styles.label}>
        Dónde se prepara en cada sede
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        disabled={!stations.data || save.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={CATEGORY}>La de su categoría</option>
        {stations.data?.choices.map((station) => (
          <option key={station.name} value={station.name}>
            {station.name}
          </option>
        ))}
      </select>
      <p role="status" className={styles.slug}>
        {save.isPending
          ? 'Guardando…'
          : save.isError
            ? `No pudimos guardar la estación. ${save.error.message}`
            : save.isSuccess
              ? 'Estación guardada.'
              : 'Una sede sin una estación con ese nombre usa la de la categoría.'}
      </p>
      {stations.isError ? (
        <p role="alert">No pudimos cargar las estaciones. {stations.error.message}</p>
      ) : null}
    </section>
  );
}
