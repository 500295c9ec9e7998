import {
  PROMOTION_KINDS,
  WEEKDAY_LABELS,
  adminPromotionSchema,
  promotionBody,
  type AdminPromotion,
} from '@comanda/shared';
import { useState } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useCreatePromotion } from '../api/create-promotion';
import type { PromotionChoices } from '../api/get-choices';
import { useUpdatePromotion } from '../api/update-promotion';
import {
  FIELDS,
  KIND_LABELS,
  bodyOf,
  promotionValues,
  type Field,
  type Values,
} from '../lib/promotion-values';
import { CheckGroup } from './check-group';
import cards from '@/components/admin/admin-cards.module.css';
import styles from './promotions.module.css';

/** Monday first, as a week reads in Colombia. */
const WEEK = [1, 2, 3, 4, 5, 6, 0].map((id) => ({ id, title: WEEKDAY_LABELS[id]! }));

/** After another admin saved the rule: their copy beside this form's, field by field. */
const promotionConflict: ConflictSetup<Field> = {
  labels: {
    title: 'Nombre',
    kind: 'Tipo',
    buy: 'Lleva',
    pay: 'Paga',
    percent: 'Porcentaje',
    amount: 'Descuento por unidad',
    price: 'Precio del combo',
    min_order: 'Desde',
    product_ids: 'Productos',
    category_ids: 'Categorías',
    days: 'Días',
    from: 'Desde la hora',
    to: 'Hasta la hora',
    branch_ids: 'Sedes',
    starts_on: 'Desde el día',
    ends_on: 'Hasta el día',
    per_customer_limit: 'Límite por cliente',
  },
  read: readRecord(adminPromotionSchema, promotionValues),
  shown: (_, value) => (value === '' ? '—' : value),
};

/** The form's state: its fields, its check (the server's own schema) and its save. */
function usePromotionForm(rule: AdminPromotion | null, onDone: (saved: string | null) => void) {
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const [stacks, setStacks] = useState(rule?.stacks_with_code ?? false);
  const [active, setActive] = useState(rule?.active ?? true);
  const flags = { stacks_with_code: stacks, active };
  const form = useForm<Field, unknown>({
    fields: FIELDS,
    initial: promotionValues(rule),
    check: (values) => problemsFromParse(promotionBody.safeParse(bodyOf(values, flags)), FIELDS),
    send: (values, over) =>
      rule
        ? update.mutateAsync({
            id: rule.id,
            ...bodyOf(values, flags),
            version: over?.version ?? rule.version,
          })
        : create.mutateAsync(bodyOf(values, flags)),
    onSent: (_, values) => onDone(values.title),
    conflict: rule ? promotionConflict : undefined,
  });
  return { ...form, stacks, setStacks, active, setActive };
}

type PromotionForm = ReturnType<typeof usePromotionForm>;

/** A rule's form: new (no `rule`) or editing one. */
export function PromotionForm({
  rule,
  choices,
  onDone,
}: {
  rule: AdminPromotion | null;
  choices: PromotionChoices;
  /** Closed: with the name saved, or null when cancelled. */
  onDone: (saved: string | null) => void;
}) {
  const form = usePromotionForm(rule, onDone);
  const { problems, sending, onSubmit, formRef, bind, conflict } = form;
  return (
    <form
      className={cards.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h2 className={cards.formTitle}>{rule ? `Editar «${rule.title}»` : 'Nueva promoción'}</h2>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <TextField
        label="Nombre (lo ve el cliente en su carrito)"
        maxLength={80}
        autoComplete="off"
        {...bind('title')}
      />
      <SelectField label="Tipo" {...bind('kind')}>
        {PROMOTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <DealFields values={form.values} bind={bind} />
      <MatchFields form={form} choices={choices} />
      <WhenFields form={form} choices={choices} />
      <FlagFields form={form} />
      <div className={cards.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar promoción'}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** The kind's own figures. */
function DealFields({ values, bind }: { values: Values; bind: (field: Field) => FieldBinding }) {
  const number = { inputMode: 'numeric' as const, autoComplete: 'off' };
  switch (values.kind) {
    case 'nxm':
      return (
        <div className={styles.columns}>
          <TextField label="Lleva (N)" {...number} {...bind('buy')} />
          <TextField label="Paga (M)" {...number} {...bind('pay')} />
        </div>
      );
    case 'percent':
      return <TextField label="Porcentaje de descuento" {...number} {...bind('percent')} />;
    case 'amount':
      return <TextField label="Descuento por unidad, en pesos" {...number} {...bind('amount')} />;
    case 'combo':
      return <TextField label="Precio del combo, en pesos" {...number} {...bind('price')} />;
    default:
      return (
        <TextField
          label="Domicilio gratis desde (productos, en pesos)"
          {...number}
          {...bind('min_order')}
        />
      );
  }
}

/** What the rule matches: products and categories (none for free delivery). */
function MatchFields({ form, choices }: { form: PromotionForm; choices: PromotionChoices }) {
  const { values, setValue, problems } = form;
  if (values.kind === 'free_delivery') return null;
  return (
    <>
      {values.kind === 'combo' ? null : (
        <CheckGroup
          name="category_ids"
          legend="Categorías"
          help="Todos sus productos, también los que se agreguen después."
          options={choices.categories}
          value={values.category_ids}
          onChange={(value) => setValue('category_ids', value)}
          error={problems.fields.category_ids}
        />
      )}
      <CheckGroup
        name="product_ids"
        legend={values.kind === 'combo' ? 'Productos del combo' : 'Productos'}
        options={choices.products}
        value={values.product_ids}
        onChange={(value) => setValue('product_ids', value)}
        error={problems.fields.product_ids}
      />
    </>
  );
}

/** When and where: weekdays, hours, dates and branches. */
function WhenFields({ form, choices }: { form: PromotionForm; choices: PromotionChoices }) {
  const { values, setValue, problems, bind } = form;
  return (
    <>
      <CheckGroup
        name="days"
        legend="Días"
        options={WEEK}
        value={values.days}
        onChange={(value) => setValue('days', value)}
        error={problems.fields.days}
      />
      <div className={styles.columns}>
        <TextField label="Desde la hora (HH:MM)" autoComplete="off" {...bind('from')} />
        <TextField
          label="Hasta la hora (HH:MM)"
          hint="Hora de Colombia. Si termina antes de empezar, sigue hasta el día siguiente."
          autoComplete="off"
          {...bind('to')}
        />
      </div>
      <div className={styles.columns}>
        <TextField label="Desde el día (opcional)" type="date" {...bind('starts_on')} />
        <TextField label="Hasta el día (opcional)" type="date" {...bind('ends_on')} />
      </div>
      <CheckGroup
        name="branch_ids"
        legend="Sedes"
        help="Ninguna elegida: todas las sedes."
        options={choices.branches}
        value={values.branch_ids}
        onChange={(value) => setValue('branch_ids', value)}
        error={problems.fields.branch_ids}
      />
    </>
  );
}

/** The limit per customer, stacking with a code, and whether it is on. */
function FlagFields({ form }: { form: PromotionForm }) {
  return (
    <>
      <TextField
        label="Límite por cliente (opcional)"
        hint="Cuántos pedidos de un mismo cliente la reciben. Vacío: sin límite."
        inputMode="numeric"
        autoComplete="off"
        {...form.bind('per_customer_limit')}
      />
      <label className={cards.check}>
        <input
          type="checkbox"
          checked={form.stacks}
          onChange={(event) => form.setStacks(event.target.checked)}
        />
        Se suma a un código de descuento
      </label>
      <label className={cards.check}>
        <input
          type="checkbox"
          checked={form.active}
          onChange={(event) => form.setActive(event.target.checked)}
        />
        Activa
      </label>
    </>
  );
}
