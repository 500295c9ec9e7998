import {
  STAFF_ACCOUNT_ROLES,
  STAFF_ROLE_LABELS,
  worksAtBranches,
  type StaffMember,
  type StaffRole,
} from '@comanda/shared';
import { useId } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { useForm } from '@/lib/form/use-form';
import { useBranchChoices } from '@/lib/admin/branch-choices';
import {
  accountConflict,
  ACCOUNT_FIELDS,
  branchIdsOf,
  checkAccount,
  initialValues,
  type AccountValues,
} from '../lib/staff-form';
import styles from './staff.module.css';

interface AccountFormProps {
  /** The account being edited; none for a new one (which also asks for its first password). */
  member?: StaffMember;
  submitLabel: string;
  /** `over`: the version of another admin's save the admin chose to save over (after a conflict). */
  send: (values: AccountValues, over: { version: number } | null) => Promise<StaffMember>;
  onSent: (member: StaffMember) => void;
}

type AccountForm = ReturnType<typeof useForm<(typeof ACCOUNT_FIELDS)[number], StaffMember>>;

/** Name, email, phone, role and branches (and the first password of a new account). */
export function AccountForm({ member, submitLabel, send, onSent }: AccountFormProps) {
  const creating = member === undefined;
  const branches = useBranchChoices();
  const form = useForm({
    fields: ACCOUNT_FIELDS,
    initial: initialValues(member),
    check: (values) => checkAccount(values, creating),
    send,
    onSent: (answer) => onSent(answer),
    conflict: creating
      ? undefined
      : accountConflict(
          (id) => branches.data?.find((branch) => branch.id === id)?.title ?? `Sede ${id}`,
        ),
  });
  const { values, problems, sending, onSubmit, formRef, bind, conflict } = form;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <AccountFields bind={bind} />
      {worksAtBranches(values.role as StaffRole) ? (
        <BranchPicker form={form} />
      ) : (
        <p className={styles.note}>
          La administración trabaja en todas las sedes y gestiona la cadena desde este panel.
        </p>
      )}
      {creating ? (
        <TextField
          label="Contraseña inicial"
          type="password"
          autoComplete="new-password"
          hint="Al menos 12 caracteres; una frase de varias palabras es fácil de recordar y difícil de adivinar. Entrégala a la persona en privado."
          {...bind('password')}
        />
      ) : null}
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <div className={styles.buttons}>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Guardando…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Name, email, phone and role: Personal de sede, Domiciliario or Administración. */
function AccountFields({ bind }: { bind: AccountForm['bind'] }) {
  return (
    <div className={styles.grid}>
      <TextField label="Nombre" autoComplete="off" {...bind('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        inputMode="email"
        {...bind('email')}
      />
      <TextField
        label="Celular"
        type="tel"
        autoComplete="off"
        inputMode="numeric"
        maxLength={10}
        {...bind('phone')}
      />
      <SelectField label="Rol" {...bind('role')}>
        {STAFF_ACCOUNT_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Where staff and couriers work: they see (and carry) only those branches' orders. */
function BranchPicker({ form }: { form: AccountForm }) {
  const branches = useBranchChoices();
  const id = useId();
  const chosen = new Set(branchIdsOf(form.values.branch_ids));
  const toggle = (branchId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(branchId);
    else next.delete(branchId);
    form.setValue('branch_ids', [...next].sort((a, b) => a - b).join(','));
  };
  const error = form.problems.fields.branch_ids;
  return (
    <fieldset
      className={styles.branchPicker}
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>Sedes donde trabaja</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {form.values.role === 'courier'
          ? 'Solo llevará los pedidos a domicilio de estas sedes.'
          : 'Solo verá y atenderá los pedidos de estas sedes.'}
      </p>
      {branches.isPending ? (
        <p role="status">Cargando las sedes…</p>
      ) : branches.isError ? (
        <p role="alert">No pudimos cargar las sedes: {branches.error.message}</p>
      ) : (
        <div className={styles.checks}>
          {branches.data.map((branch) => (
            <label key={branch.id} className={styles.check}>
              <input
                type="checkbox"
                name="branch_ids"
                checked={chosen.has(branch.id)}
                onChange={(event) => toggle(branch.id, event.target.checked)}
              />
              <span>{branch.title}</span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
