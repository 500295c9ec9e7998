import type { Station } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useBranchStations, useSaveBranchStations } from '../api/branch-stations';
import styles from './branches.module.css';

interface Row {
  key: string;
  id?: number;
  name: string;
}

const rowsOf = (stations: readonly Station[]): Row[] =>
  stations.map((station) => ({ key: `s${station.id}`, id: station.id, name: station.name }));

function StationsForm({ branchId, stations }: { branchId: number; stations: Station[] }) {
  const [rows, setRows] = useState(() => rowsOf(stations));
  const save = useSaveBranchStations(branchId);
  const rename = (key: string, name: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, name } : row)));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          rows.map((row, position) => ({
            ...(row.id ? { id: row.id } : {}),
            name: row.name,
            position,
          })),
          { onSuccess: (saved) => setRows(rowsOf(saved)) },
        );
      }}
    >
      <ol className={styles.printers}>
        {rows.map((row, index) => (
          <li key={row.key}>
            <label>
              Estación {index + 1}{' '}
              <input
                value={row.name}
                maxLength={40}
                onChange={(e) => rename(row.key, e.target.value)}
              />
            </label>{' '}
            <Button
              type="button"
              variant="secondary"
              disabled={rows.length === 1}
              onClick={() => setRows((all) => all.filter((other) => other.key !== row.key))}
            >
              Quitar {row.name}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="secondary"
        onClick={() => setRows((all) => [...all, { key: `n${Date.now()}`, name: '' }])}
      >
        Agregar estación
      </Button>{' '}
      <Button type="submit" disabled={save.isPending}>
        Guardar estaciones
      </Button>
      <FormAlert message={save.isError ? save.error.message : null} />
    </form>
  );
}

/**
 * Estaciones (decision 072): the branch's kitchen stations, in order; the first takes whatever
 * is not sent elsewhere. Renamed, added and removed here, saved as one list.
 */
export function StationsCard({ branchId }: { branchId: number }) {
  const stations = useBranchStations(branchId);
  return (
    <section className={styles.form} aria-labelledby="stations-heading">
      <h2 id="stations-heading" className={styles.sectionTitle}>
        Estaciones
      </h2>
      <p className={styles.help}>
        Las estaciones de la cocina de esta sede. Un producto va a la estación elegida para él (o
        para su categoría), buscada aquí por su nombre; lo demás, a la primera.
      </p>
      {stations.isError ? <FormAlert message={stations.error.message} /> : null}
      {stations.data ? <StationsForm branchId={branchId} stations={stations.data} /> : null}
    </section>
  );
}
