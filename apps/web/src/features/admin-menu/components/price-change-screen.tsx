import { formatMoney, type PriceChange } from '@comanda/shared';
import { useId, useState, type Ref } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { useAdminCategories } from '../api/get-categories';
import { useAdminProducts } from '../api/get-products';
import { usePriceChange } from '../hooks/use-price-change';
import { whichPrice, type PriceChangeField, type PriceChangeForm } from '../lib/price-change-form';
import { PreviewActions } from './preview-actions';
import styles from './price-change.module.css';
import previewTable from './preview-table.module.css';

/** A branch the change may be limited to (the route hands them over: features never import each other). */
export interface BranchChoice {
  id: number;
  title: string;
}

/** Menú › Cambiar precios: a category or ticked products, by a percentage or pesos; preview, then apply. */
export function PriceChangeScreen({ branches }: { branches: readonly BranchChoice[] | undefined }) {
  const screen = usePriceChange();
  const { shown, formRef, previewRef } = screen;
  return (
    <AdminSection
      title="Cambiar precios"
      description="Sube o baja de una vez los precios de una categoría o de los productos que elijas. Revisa los cambios antes de aplicarlos."
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={(event) => void screen.onSubmit(event)}
        noValidate
      >
        <ChangeFields screen={screen} branches={branches} />
        <FormAlert message={screen.problems.form} />
        <div className={styles.actions}>
          <Button type="submit" disabled={screen.sending}>
            {screen.sending ? 'Calculando…' : 'Ver cambios'}
          </Button>
        </div>
      </form>
      <p role="status" className={screen.done ? styles.done : undefined}>
        {screen.done}
      </p>
      {shown ? (
        <PreviewTable
          change={shown.change}
          headingRef={previewRef}
          applying={screen.applying}
          error={screen.applyError}
          onApply={screen.onApply}
          onCancel={screen.onCancel}
        />
      ) : null}
    </AdminSection>
  );
}

type Screen = ReturnType<typeof usePriceChange>;

/** What, where and by how much: the form's fields. */
function ChangeFields({
  screen: { form, change, problems },
  branches,
}: {
  screen: Screen;
  branches: readonly BranchChoice[] | undefined;
}) {
  const error = (field: PriceChangeField) => problems.fields[field];
  return (
    <>
      <ScopeFields form={form} change={change} error={error} />
      <SelectField
        name="sede"
        label="Sede"
        value={form.branchId === null ? '' : String(form.branchId)}
        onChange={(event) =>
          change({ branchId: event.target.value ? Number(event.target.value) : null })
        }
        error={error('branch_id')}
      >
        <option value="">Todas las sedes</option>
        {(branches ?? []).map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.title}
          </option>
        ))}
      </SelectField>
      <Choice
        legend="Tipo de cambio"
        options={[
          { value: 'percent', label: 'Porcentaje' },
          { value: 'amount', label: 'Pesos' },
        ]}
        value={form.mode}
        onChange={(mode) => change({ mode })}
      />
      <TextField
        name="valor"
        label={form.mode === 'percent' ? 'Cambio en %' : 'Cambio en pesos'}
        inputMode="decimal"
        autoComplete="off"
        value={form.value}
        onChange={(event) => change({ value: event.target.value })}
        hint={
          form.mode === 'percent'
            ? 'Por ejemplo 10 para subir 10 %, o -5 para bajar 5 %. Se redondea a los 100 pesos más cercanos.'
            : 'Por ejemplo 1.000 para subir $1.000, o -500 para bajar $500.'
        }
        error={error('value')}
      />
    </>
  );
}

/**
 * Two or three radio buttons under a visible legend. Not the storefront's SegmentedControl: the
 * /menu route uses that one, and sharing it would split it into a chunk of its own that /menu's
 * first load would pay for.
 */
function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.choiceGroup}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choiceOptions}>
        {options.map((option) => (
          <label key={option.value} className={styles.choiceOption}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the change covers: a whole category, or the products ticked in a list. */
function ScopeFields({
  form,
  change,
  error,
}: {
  form: PriceChangeForm;
  change: (patch: Partial<PriceChangeForm>) => void;
  error: (field: PriceChangeField) => string | undefined;
}) {
  const categories = useAdminCategories();
  return (
    <>
      <Choice
        legend="Qué productos"
        options={[
          { value: 'category', label: 'Categoría' },
          { value: 'products', label: 'Productos' },
        ]}
        value={form.scope}
        onChange={(scope) => change({ scope })}
      />
      {form.scope === 'category' ? (
        <SelectField
          name="categoria"
          label="Categoría"
          value={form.categoryId === null ? '' : String(form.categoryId)}
          onChange={(event) =>
            change({ categoryId: event.target.value ? Number(event.target.value) : null })
          }
          error={error('category_id')}
        >
          <option value="">Elige una categoría</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.title} ({category.products})
            </option>
          ))}
        </SelectField>
      ) : (
        <ProductPicker
          selected={form.productIds}
          onChange={(productIds) => change({ productIds })}
          error={error('product_ids') ?? error('category_id')}
        />
      )}
    </>
  );
}

/** Every product with a checkbox, searchable by name: the ones the change covers. */
function ProductPicker({
  selected,
  onChange,
  error,
}: {
  selected: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const products = useAdminProducts({ q: search, category_id: null });
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <fieldset className={styles.picker} aria-describedby={error ? 'precios-productos' : undefined}>
      <legend className={styles.legend}>
        Productos{' '}
        <span className={styles.count}>
          ({selected.length === 1 ? '1 elegido' : `${selected.length} elegidos`})
        </span>
      </legend>
      <TextField
        name="buscar-producto"
        label="Buscar producto"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error ? (
        <p id="precios-productos" className={styles.error}>
          {error}
        </p>
      ) : null}
      <ul className={styles.choices}>
        {(products.data ?? []).map((product) => (
          <li key={product.id}>
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={selected.includes(product.id)}
                onChange={(event) => toggle(product.id, event.target.checked)}
              />
              <span>
                {product.title}
                <span className={styles.meta}>
                  {' '}
                  · {product.category_title} · {formatMoney(product.price)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The preview: every price the change writes, old → new, and what it leaves out; then apply. */
function PreviewTable({
  change,
  headingRef,
  applying,
  error,
  onApply,
  onCancel,
}: {
  change: PriceChange;
  headingRef: Ref<HTMLHeadingElement>;
  applying: boolean;
  error: string | null;
  onApply: () => void;
  onCancel: () => void;
}) {
  return (
    <section className={styles.preview} aria-labelledby="precios-vista-previa">
      <h2 id="precios-vista-previa" ref={headingRef} tabIndex={-1} className={styles.previewTitle}>
        Cambios por aplicar
      </h2>
      <p className={styles.summary}>
        {change.lines.length === 1
          ? 'Cambiará 1 precio'
          : `Cambiarán ${change.lines.length} precios`}{' '}
        de {change.products === 1 ? '1 producto' : `${change.products} productos`}.
      </p>
      <PriceLines lines={change.lines} />
      {change.skipped.length > 0 ? (
        <div className={styles.skipped}>
          <h3 className={styles.skippedTitle}>Sin cambios</h3>
          <ul>
            {change.skipped.map((item) => (
              <li key={item.product_id}>
                <strong>{item.product_title}</strong>: {item.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <PreviewActions
        className={styles.actions}
        applying={applying}
        error={error}
        onApply={onApply}
        onCancel={onCancel}
      />
    </section>
  );
}

/** Each price the change writes: the product (and which of its prices), before and after. */
function PriceLines({ lines }: { lines: PriceChange['lines'] }) {
  return (
    <div className={previewTable.wrap}>
      <table className={previewTable.table}>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col" className={previewTable.money}>
              Antes
            </th>
            <th scope="col" className={previewTable.money}>
              Después
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.product_id}-${line.branch_id}-${line.option_id}`}>
              <th scope="row">
                {line.product_title}
                <span className={styles.which}>{whichPrice(line)}</span>
              </th>
              <td className={previewTable.money}>{formatMoney(line.old_price)}</td>
              <td className={`${previewTable.money} ${previewTable.new}`}>
                {formatMoney(line.new_price)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
