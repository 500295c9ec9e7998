import { perSlot, type BranchConsole } from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { useUpdateSettings } from '../api/update-settings';
import { NumberSetting } from './number-setting';
import styles from './branch-controls.module.css';

const HINT = 'Un número de 0 a 500; vacío: sin límite.';

/** Empty is no limit; a whole number from 0 to 500 (the back office's rule), else null. */
function readCapacity(text: string): { value: number | null } | null {
  const trimmed = text.trim();
  const value = trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return perSlot.safeParse(value).success ? { value } : null;
}

/**
 * «Pedidos programados por franja»: the slot capacity, when the back office lets the branch's
 * staff set it (decision 090); a busy kitchen takes fewer scheduled orders without a phone call.
 */
export function SlotCapacityControl({ branch }: { branch: BranchConsole }) {
  const settings = useUpdateSettings(branch.id);
  const headingId = useId();
  const [text, setText] = useState(
    branch.orders_per_slot === null ? '' : String(branch.orders_per_slot),
  );
  const [error, setError] = useState<string | null>(null);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const read = readCapacity(text);
    setError(read ? null : HINT);
    if (read) settings.mutate({ orders_per_slot: read.value });
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Pedidos programados
      </h2>
      <NumberSetting
        label="Pedidos por franja de 15 minutos (vacío: sin límite)"
        value={text}
        onChange={setText}
        onSave={onSave}
        error={error}
        sending={settings.isPending}
        input={{ inputMode: 'numeric', maxLength: 3 }}
      >
        {settings.isSuccess && !error ? <p role="status">Capacidad guardada.</p> : null}
      </NumberSetting>
      {settings.error ? (
        <p className={styles.error} role="alert">
          {settings.error.message}
        </p>
      ) : null}
    </section>
  );
}
