import { autoAcceptRules, formatMoney, type AutoAcceptAnswer } from '@comanda/shared';
import { useId, useState } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { DaypartsField, type DaypartsTexts } from '@/components/admin/dayparts-field';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useAutoAccept } from '../api/get-auto-accept';
import { useSetAutoAccept } from '../api/set-auto-accept';
import {
  AUTO_ACCEPT_FIELDS,
  autoAcceptConflict,
  autoAcceptRulesOf,
  autoAcceptValues,
  readRulesOf,
  versionToClaim,
  windowsOf,
  type AutoAcceptField,
} from '../lib/auto-accept-values';
import { pesosFromText } from '../lib/branch-form';
import styles from './branches.module.css';

/** A rule that is on or off: a checkbox whose field holds '1' or ''. */
function Flag({ binding, label }: { binding: FieldBinding; label: string }) {
  const id = useId();
  return (
    <>
      <label className={styles.check}>
        <input
          type="checkbox"
          name={binding.name}
          checked={binding.value === '1'}
          onChange={(event) =>
            binding.onChange({ target: { value: event.target.checked ? '1' : '' } })
          }
          aria-invalid={binding.error ? true : undefined}
          aria-describedby={binding.error ? `${id}-error` : undefined}
        />
        {label}
      </label>
      {binding.error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {binding.error}
        </p>
      ) : null}
    </>
  );
}

/** The shared windows field, saying what the windows are for here. */
const WINDOW_TEXTS: DaypartsTexts = {
  legend: 'Horarios',
  help: 'Hora de Colombia, formato 24 horas (HH:MM). Solo se aceptan solos los pedidos hechos dentro de estos horarios. Un horario que termina antes de empezar sigue hasta el día siguiente.',
  none: 'A cualquier hora.',
  add: '+ Agregar horario',
  remove: (number) => `Quitar el horario ${number}`,
};

/** The total as it reads once typed ("$ 50.000"), so a missing or extra zero shows. */
const totalHint = (text: string) => {
  const pesos = text.trim() === '' ? Number.NaN : pesosFromText(text);
  return Number.isInteger(pesos) && pesos > 0
    ? `${formatMoney(pesos)}. Vacío: cualquier total.`
    : 'En pesos. Vacío: cualquier total.';
};

/** The rules as read first; `read` is the latest read, which only tells which version to claim. */
function AutoAcceptForm({ branchId, read }: { branchId: number; read: AutoAcceptAnswer }) {
  const save = useSetAutoAccept(branchId);
  // The rules the form started from (or last saved) and their version.
  const [started, setStarted] = useState(() => readRulesOf(read));
  const [saved, setSaved] = useState(false);
  const form = useForm({
    fields: AUTO_ACCEPT_FIELDS,
    initial: autoAcceptValues(started.rules),
    check: (values) =>
      problemsFromParse(autoAcceptRules.safeParse(autoAcceptRulesOf(values)), AUTO_ACCEPT_FIELDS),
    send: (values, over) => {
      setSaved(false);
      return save.mutateAsync({
        ...autoAcceptRulesOf(values),
        version: over?.version ?? versionToClaim(started, readRulesOf(read)),
      });
    },
    onSent: (answer) => {
      setStarted(readRulesOf(answer));
      setSaved(true);
    },
    conflict: autoAcceptConflict,
  });
  const { problems, sending, onSubmit, formRef, conflict } = form;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <RuleFields form={form} />
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar reglas'}
        </Button>
        <p role="status" className={styles.saved}>
          {saved ? 'Reglas guardadas.' : ''}
        </p>
      </div>
    </form>
  );
}

type RuleForm = Pick<
  ReturnType<typeof useForm<AutoAcceptField, AutoAcceptAnswer>>,
  'bind' | 'values' | 'setValue' | 'problems'
>;

/** Which orders, then the conditions every one of them must meet. */
function RuleFields({ form: { bind, values, setValue, problems } }: { form: RuleForm }) {
  return (
    <>
      <fieldset className={styles.services}>
        <legend>Qué pedidos</legend>
        <Flag binding={bind('asap')} label="Lo antes posible" />
        <Flag binding={bind('scheduled')} label="Programados" />
        <p className={styles.fieldNote}>
          «Programados» es el mismo interruptor que «Aceptar solos los pedidos programados» en
          Controles.
        </p>
      </fieldset>
      <fieldset className={styles.conditions}>
        <legend>Condiciones</legend>
        <p className={styles.help}>Un pedido se acepta solo si cumple todas las que elijas.</p>
        <Flag binding={bind('paid_online_only')} label="Solo pagados en línea" />
        <div className={styles.totalField}>
          <TextField
            {...bind('max_total')}
            label="Hasta un total de"
            inputMode="numeric"
            maxLength={14}
            hint={totalHint(values.max_total)}
          />
        </div>
        <DaypartsField
          label="Aceptar solos"
          name="windows"
          dayparts={windowsOf(values)}
          onChange={(windows) => setValue('windows', JSON.stringify(windows))}
          error={problems.fields.windows}
          texts={WINDOW_TEXTS}
        />
      </fieldset>
    </>
  );
}

/**
 * Aceptar solos (product.md «Auto-accept»): which of the branch's orders are accepted as they
 * arrive, and on what conditions, so a rush is not a tap per order.
 */
export function AutoAcceptCard({ branchId }: { branchId: number }) {
  const rules = useAutoAccept(branchId);
  return (
    <section className={styles.form} aria-labelledby="auto-accept-heading">
      <h2 id="auto-accept-heading" className={styles.sectionTitle}>
        Aceptar solos
      </h2>
      <p className={styles.help}>
        Los pedidos que cumplen estas reglas se aceptan solos al llegar (los pagados en línea,
        cuando llega el pago): aparecen igual en el tablero, ya aceptados y con el tiempo de
        siempre. Los demás suenan como siempre.
      </p>
      {rules.isError ? <FormAlert message={rules.error.message} /> : null}
      {rules.data ? <AutoAcceptForm branchId={branchId} read={rules.data} /> : null}
    </section>
  );
}
