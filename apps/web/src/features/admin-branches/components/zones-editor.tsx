import {
  adminBranchSchema,
  branchZonesBody,
  foldText,
  formatMoney,
  ZONE_MINUTES_DEFAULT,
  type AdminBranch,
} from '@comanda/shared';
import { useId, useState } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { editsAfter, type Keyed } from '@/lib/form/list-fields';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSaveBranchZones } from '../api/save-branch-zones';
import { pesosFromText } from '../lib/branch-form';
import { ListSaveBar } from './list-save-bar';
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

/** The body of a save; `over`: the other admin's save it is made over, after a conflict. */
const zonesBody = (list: Fields[], over: { version: number } | null = null) => ({
  zones: list.map((row) => ({
    neighbourhood: row.neighbourhood,
    fee: pesosFromText(row.fee),
    min_order: pesosFromText(row.min_order),
    delivery_minutes: minutesFromText(row.delivery_minutes),
  })),
  ...(over === null ? {} : { version: over.version }),
});

/** The shared schema's check: a field's message beside it in its row, the list's under it. */
const checkZones = (_values: object, { zones }: { zones: Fields[] }) =>
  problemsFromParse(branchZonesBody.safeParse(zonesBody(zones)), [], ['zones']);

/** How the zones merge with another admin's save: one row per folded neighbourhood (decision 051). */
const zonesConflict: ConflictSetup<never, { zones: Fields }> = {
  labels: {},
  read: readRecord(
    adminBranchSchema,
    () => ({}),
    (branch) => ({ zones: zonesOf(branch) }),
  ),
  lists: {
    zones: {
      identity: (zone) => foldText(zone.neighbourhood),
      label: (zone) => zone.neighbourhood,
      shown: (zone) =>
        zone
          ? `Envío ${formatMoney(pesosFromText(zone.fee))} · mínimo ${formatMoney(pesosFromText(zone.min_order))} · ${zone.delivery_minutes} min`
          : 'No está en la lista',
    },
  },
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
  const [saved, setSaved] = useState(false);
  const { lists, problems, sending, onSubmit, formRef, conflict } = useForm({
    fields: [],
    initial: {},
    lists: { zones: zonesOf(branch) },
    check: checkZones,
    send: (_values, over, { zones }) => {
      setSaved(false);
      return save.mutateAsync(branchZonesBody.parse(zonesBody(zones, over)));
    },
    onSent: () => setSaved(true),
    conflict: zonesConflict,
  });
  const zones = editsAfter(lists.zones, () => setSaved(false));

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
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
      {zones.rows.length === 0 ? <p className={styles.state}>No hay zonas de domicilio.</p> : null}
      <ul className={styles.zones}>
        {zones.rows.map((row, index) => (
          <ZoneRow
            key={row.key}
            row={row}
            index={index}
            errors={zones.errors(row.key)}
            onChange={(patch) => zones.update(row.key, patch)}
            onRemove={() => zones.remove(row.key)}
          />
        ))}
      </ul>
      <button type="button" className={styles.addButton} onClick={() => zones.add({ ...NEW_ZONE })}>
        + Agregar zona
      </button>
      <ListSaveBar
        message={problems.form}
        sending={sending}
        blocked={conflict !== null}
        label="Guardar zonas"
        savedNote={saved ? 'Zonas guardadas.' : ''}
      />
    </form>
  );
}

interface ZoneRowProps {
  row: Keyed<Fields>;
  index: number;
  /** The messages beside the row's fields, by field. */
  errors: Readonly<Record<string, string>>;
  onChange: (patch: Partial<Fields>) => void;
  onRemove: () => void;
}

/** One zone: its four fields and Quitar. */
function ZoneRow({ row, index, errors, onChange, onRemove }: ZoneRowProps) {
  const id = useId();
  const field = (name: keyof Fields, label: string, money: boolean) => (
    <ZoneField
      id={`${id}-${name}`}
      label={label}
      value={row[name]}
      kind={name === 'delivery_minutes' ? 'minutes' : money ? 'money' : 'text'}
      error={errors[name]}
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
