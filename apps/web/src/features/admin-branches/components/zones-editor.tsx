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
import { useRowList, type RowConflictSetup, type RowProblems } from '../hooks/use-row-list';
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

const zonesBody = (list: Fields[]) => ({
  zones: list.map((row) => ({
    neighbourhood: row.neighbourhood,
    fee: pesosFromText(row.fee),
    min_order: pesosFromText(row.min_order),
    delivery_minutes: minutesFromText(row.delivery_minutes),
  })),
});

/** How the zones merge with another admin's save: one row per folded neighbourhood (decision 051). */
const zonesConflict: RowConflictSetup<Fields> = {
  fromBranch: zonesOf,
  identity: (zone) => foldText(zone.neighbourhood),
  label: (zone) => zone.neighbourhood,
  shown: (zone) =>
    zone
      ? `Envío ${formatMoney(pesosFromText(zone.fee))} · mínimo ${formatMoney(pesosFromText(zone.min_order))} · ${zone.delivery_minutes} min`
      : 'No está en la lista',
};

const NEW_ZONE: Fields = {
  neighbourhood: '',
  fee: '0',
  min_order: '0',
  delivery_minutes: String(ZONE_MINUTES_DEFAULT),
};

/** Zonas de domicilio: each neighbourhood or zone the branch reaches, its fee, the order's minimum and the trip's minutes. */
export function ZonesEditor({ branch }: { branch: AdminBranch }) {
  const save = useSaveBranchZones(branch);
  const { rows, problems, saved, change, add, remove, submit, conflict } = useRowList({
    initial: () => zonesOf(branch),
    schema: branchZonesBody,
    toBody: zonesBody,
    save: (body) => save.mutateAsync(body),
    conflict: zonesConflict,
  });

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
          <ZoneRow
            key={row.key}
            row={row}
            index={index}
            problems={problems}
            onChange={(patch) => change(row.key, patch)}
            onRemove={() => remove(row.key)}
          />
        ))}
      </ul>
      <button type="button" className={styles.addButton} onClick={() => add({ ...NEW_ZONE })}>
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

interface ZoneRowProps {
  row: Fields & { key: number };
  index: number;
  problems: RowProblems;
  onChange: (patch: Partial<Fields>) => void;
  onRemove: () => void;
}

/** One zone: its four fields and Quitar. */
function ZoneRow({ row, index, problems, onChange, onRemove }: ZoneRowProps) {
  const id = useId();
  const field = (name: keyof Fields, label: string, money: boolean) => (
    <ZoneField
      id={`${id}-${name}`}
      label={label}
      value={row[name]}
      kind={name === 'delivery_minutes' ? 'minutes' : money ? 'money' : 'text'}
      error={problems.rows[`${index}.${name}`]}
      onChange={(value) => onChange({ [name]: value })}
    />
  );
  return (
    <li className={styles.zone}>
      {field('neighbourhood', 'Barrio o zona', false)}
      {field('fee', 'Costo del domicilio ($)', true)}
      {field('min_order', 'Pedido mínimo ($)', true)}
      {field('delivery_minutes', 'Minutos de entrega', false)}
      <button
        type="button"
        className={styles.removeButton}
        aria-label={`Quitar la zona ${row.neighbourhood || index + 1}`}
        onClick={onRemove}
      >
        Quitar
      </button>
    </li>
  );
}

interface ZoneFieldProps {
  id: string;
  label: string;
  value: string;
  kind: 'money' | 'minutes' | 'text';
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A zone's field; an amount in pesos also shows how it reads ("$ 5.000"). */
function ZoneField({ id, label, value, kind, error, onChange }: ZoneFieldProps) {
  const money = kind === 'money';
  const amount = money ? pesosFromText(value) : Number.NaN;
  return (
    <div className={styles.inlineField}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        value={value}
        inputMode={kind === 'text' ? 'text' : 'numeric'}
        maxLength={kind === 'money' ? 12 : kind === 'minutes' ? 8 : 120}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {money && Number.isInteger(amount) && amount > 0 ? (
        <span className={styles.moneyEcho}>{formatMoney(amount)}</span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
