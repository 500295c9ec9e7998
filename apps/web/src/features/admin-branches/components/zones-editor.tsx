import {
  branchZonesBody,
  foldText,
  formatMoney,
  ZONE_MINUTES_DEFAULT,
  type AdminBranch,
} from '@comanda/shared';
import { useId } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useSaveBranchZones } from '../api/save-branch-zones';
import { pesosFromText } from '../lib/branch-form';
import { useRowList } from '../hooks/use-row-list';
import styles from './branches.module.css';

interface Fields {
  neighbourhood: string;
  fee: string;
  min_order: string;
  delivery_minutes: string;
}

/** Whole minutes typed ("25", " 25 min") → 25; anything else NaN, so the shared schema says why. */
const minutesFromText = (text: string) => {
  const digits = text.replace(/\s*min(utos)?\.?\s*$/i, '').trim();
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
};

/** A branch's stored zones as the editor's text fields. */
const zonesOf = (branch: AdminBranch): Fields[] =>
  branch.zones.map((z) => ({
    neighbourhood: z.neighbourhood,
    fee: String(z.fee),
    min_order: String(z.min_order),
    delivery_minutes: String(z.delivery_minutes),
  }));

/** Zonas de domicilio: each neighbourhood or zone the branch reaches, its fee, the order's minimum and the trip's minutes. */
export function ZonesEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchZones(branch);
  const { rows, problems, saved, change, add, remove, submit, conflict } = useRowList({
    initial: () => zonesOf(branch),
    schema: branchZonesBody,
    toBody: (list) => ({
      zones: list.map((row) => ({
        neighbourhood: row.neighbourhood,
        fee: pesosFromText(row.fee),
        min_order: pesosFromText(row.min_order),
        delivery_minutes: minutesFromText(row.delivery_minutes),
      })),
    }),
    save: (body) => save.mutateAsync(body),
    conflict: {
      fromBranch: zonesOf,
      identity: (zone) => foldText(zone.neighbourhood),
      label: (zone) => zone.neighbourhood,
      shown: (zone) =>
        zone
          ? `Envío ${formatMoney(pesosFromText(zone.fee))} · mínimo ${formatMoney(pesosFromText(zone.min_order))} · ${zone.delivery_minutes} min`
          : 'No está en la lista',
    },
  });
  const id = useId();

  const field = (
    row: Fields & { key: number },
    index: number,
    name: keyof Fields,
    label: string,
    money: boolean,
  ) => {
    const error = problems.rows[`${index}.${name}`];
    const fieldId = `${id}-${row.key}-${name}`;
    const amount = money ? pesosFromText(row[name]) : Number.NaN;
    return (
      <div className={styles.inlineField}>
        <label htmlFor={fieldId}>{label}</label>
        <input
          id={fieldId}
          className={styles.input}
          value={row[name]}
          inputMode={money || name === 'delivery_minutes' ? 'numeric' : 'text'}
          maxLength={money ? 12 : name === 'delivery_minutes' ? 8 : 120}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onChange={(event) => change(row.key, { [name]: event.target.value })}
        />
        {money && Number.isInteger(amount) && amount > 0 ? (
          <span className={styles.moneyEcho}>{formatMoney(amount)}</span>
        ) : null}
        {error ? (
          <p id={`${fieldId}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.help}>
        Los barrios o zonas a los que llega el domicilio. El costo se suma al total del pedido; el
        pedido mínimo se cuenta sobre los productos (sin el domicilio). Valores en pesos, 0 si no
        aplica. Los minutos de entrega (el trayecto desde la sede) se suman a la preparación para el
        tiempo que ve el cliente antes de pedir.
      </p>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      {branch.delivery_available ? null : (
        <p className={styles.warning}>
          Esta sede no tiene domicilio activado en Datos: las zonas no se usan hasta activarlo.
        </p>
      )}
      {rows.length === 0 ? <p className={styles.state}>No hay zonas de domicilio.</p> : null}
      <ul className={styles.zones}>
        {rows.map((row, index) => (
          <li key={row.key} className={styles.zone}>
            {field(row, index, 'neighbourhood', 'Barrio o zona', false)}
            {field(row, index, 'fee', 'Costo del domicilio ($)', true)}
            {field(row, index, 'min_order', 'Pedido mínimo ($)', true)}
            {field(row, index, 'delivery_minutes', 'Minutos de entrega', false)}
            <button
              type="button"
              className={styles.removeButton}
              aria-label={`Quitar la zona ${row.neighbourhood || index + 1}`}
              onClick={() => remove(row.key)}
            >
              Quitar
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.addButton}
        onClick={() =>
          add({
            neighbourhood: '',
            fee: '0',
            min_order: '0',
            delivery_minutes: String(ZONE_MINUTES_DEFAULT),
          })
        }
      >
        + Agregar zona
      </button>
      <FormAlert message={problems.list.join(' ') || null} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={save.isPending || conflict !== null}>
          {save.isPending ? 'Guardando…' : 'Guardar zonas'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Zonas guardadas.' : ''}
        </p>
      </div>
    </form>
  );
}
