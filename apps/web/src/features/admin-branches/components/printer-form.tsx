import { PRINTER_EVENTS, printerBody, type Printer, type PrinterEvent } from '@comanda/shared';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useCreatePrinter } from '../api/create-printer';
import { useUpdatePrinter } from '../api/update-printer';
import {
  EVENT_LABELS,
  NEW_PRINTER,
  PRINTER_FIELDS,
  printerBodyOf,
  printerConflict,
  printerValues,
} from '../lib/printer-values';
import styles from './branches.module.css';

/** The events as checkboxes over one field holding the checked ones, comma-separated. */
function EventChoices({ binding }: { binding: FieldBinding }) {
  const checked = new Set(binding.value.split(',').filter(Boolean));
  const toggle = (event: PrinterEvent, on: boolean) => {
    const next = PRINTER_EVENTS.filter((e) => (e === event ? on : checked.has(e)));
    binding.onChange({ target: { value: next.join(',') } });
  };
  return (
    <fieldset className={styles.services}>
      <legend>Cuándo imprime</legend>
      {PRINTER_EVENTS.map((event) => (
        <label key={event} className={styles.check}>
          <input
            type="checkbox"
            name={`when-${event}`}
            checked={checked.has(event)}
            onChange={(e) => toggle(event, e.target.checked)}
          />
          {EVENT_LABELS[event]}
        </label>
      ))}
      {binding.error ? <p className={styles.fieldError}>{binding.error}</p> : null}
    </fieldset>
  );
}

/** Where the printer is on the branch's network, its paper, what it prints and when. */
function PrinterFields({
  bind,
}: {
  bind: (field: (typeof PRINTER_FIELDS)[number]) => FieldBinding;
}) {
  return (
    <div className={styles.grid}>
      <TextField {...bind('name')} label="Nombre" maxLength={60} hint="Por ejemplo Parrilla." />
      <TextField
        {...bind('host')}
        label="Dirección en la red"
        maxLength={253}
        hint="La IP de la impresora (192.168.1.50) o su nombre en la red."
      />
      <TextField
        {...bind('port')}
        label="Puerto"
        inputMode="numeric"
        maxLength={5}
        hint="Casi siempre 9100."
      />
      <SelectField {...bind('width_mm')} label="Ancho del papel">
        <option value="80">80 mm (48 caracteres)</option>
        <option value="58">58 mm (32 caracteres)</option>
      </SelectField>
      <SelectField {...bind('code_page')} label="Tabla de caracteres" hint="Para ñ y tildes.">
        <option value="cp858">cp858 (recomendada)</option>
        <option value="cp850">cp850</option>
      </SelectField>
      <TextField
        {...bind('prints')}
        label="Qué imprime"
        hint="ticket (la comanda con precios) y/o station:<id> (una estación), separados por comas."
      />
      <EventChoices binding={bind('when')} />
    </div>
  );
}

/** Adds a printer (`printer` null) or edits one; `onDone` closes the form after a save. */
export function PrinterForm({
  branchId,
  printer,
  onDone,
}: {
  branchId: number;
  printer: Printer | null;
  onDone: () => void;
}) {
  const create = useCreatePrinter(branchId);
  const update = useUpdatePrinter(printer ?? { ...placeholder, branch_id: branchId });
  const { problems, sending, onSubmit, formRef, bind, conflict } = useForm({
    fields: PRINTER_FIELDS,
    initial: printer ? printerValues(printer) : NEW_PRINTER,
    check: (values) =>
      problemsFromParse(printerBody.safeParse(printerBodyOf(values)), PRINTER_FIELDS),
    send: (values, over) =>
      printer
        ? update.mutateAsync({
            ...printerBodyOf(values),
            ...(over ? { version: over.version } : {}),
          })
        : create.mutateAsync(printerBodyOf(values)),
    onSent: onDone,
    ...(printer ? { conflict: printerConflict } : {}),
  });
  const title = printer ? `Editar ${printer.name}` : 'Nueva impresora';
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={title}
    >
      <h3 className={styles.sectionTitle}>{title}</h3>
      <PrinterFields bind={bind} />
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar impresora'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** What `useUpdatePrinter` is given while the form adds one (it is never called then). */
const placeholder: Printer = {
  id: 0,
  branch_id: 0,
  name: '',
  host: '',
  port: 9100,
  width_mm: 80,
  code_page: 'cp858',
  prints: [],
  when: [],
  version: 1,
};
