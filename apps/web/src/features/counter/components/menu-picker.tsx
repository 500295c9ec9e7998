import { formatMoney, isSingleChoice, type Product, type ProductCard } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchProduct, useCategories, useCategory } from '../api/get-menu';
import { missingChoice, presetChoices, tapChoice, withChoices } from '../lib/draft';
import styles from './new-order.module.css';

/**
 * The branch's menu to add from: a category, then a product; a product with options shows them
 * (the storefront's rules: a size is one choice, extras several) before it is added.
 */
export function MenuPicker({
  branchId,
  onAdd,
}: {
  branchId: number;
  onAdd: (product: Product) => void;
}) {
  const categories = useCategories();
  const [slug, setSlug] = useState<string | null>(null);
  const category = useCategory(slug, branchId);
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (productSlug: string) => {
    setProblem(null);
    try {
      const product = await fetchProduct(productSlug, branchId);
      if (product.modifier_group.length === 0) onAdd(product);
      else setChoosing(product);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section className={styles.menu} aria-labelledby="counter-menu">
      <h2 id="counter-menu" className={styles.subheading}>
        Menú
      </h2>
      <div className={styles.chips} role="group" aria-label="Categorías">
        {(categories.data ?? []).map((c) => (
          <button
            key={c.id}
            type="button"
            className={styles.chip}
            aria-pressed={c.slug === slug}
            onClick={() => setSlug(c.slug)}
          >
            {c.title}
          </button>
        ))}
      </div>
      {problem ? <p role="alert">{problem}</p> : null}
      {choosing ? (
        <OptionsChooser
          key={choosing.id}
          product={choosing}
          onAdd={(product) => {
            onAdd(product);
            setChoosing(null);
          }}
          onCancel={() => setChoosing(null)}
        />
      ) : (
        <ProductGrid products={category.data?.products ?? []} onPick={(slug) => void pick(slug)} />
      )}
    </section>
  );
}

/** The category's products at the branch, with their price there (or Agotado). */
function ProductGrid({
  products,
  onPick,
}: {
  products: readonly ProductCard[];
  onPick: (slug: string) => void;
}) {
  return (
    <ul className={styles.products}>
      {products.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className={styles.product}
            disabled={!p.available}
            onClick={() => onPick(p.slug)}
          >
            <span>{p.title}</span>
            <span className={styles.price}>{p.available ? formatMoney(p.price) : 'Agotado'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A product's option groups as radios (one choice) or checkboxes (several). */
function OptionsChooser({
  product,
  onAdd,
  onCancel,
}: {
  product: Product;
  onAdd: (product: Product) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState(() => presetChoices(product));
  const missing = missingChoice(product, choices);
  return (
    <div className={styles.options}>
      <h3 className={styles.optionsTitle}>{product.title}</h3>
      {product.modifier_group.map((group) => (
        <fieldset key={group.id} className={styles.group}>
          <legend>
            {group.title}
            {group.required ? ' (obligatorio)' : ''}
          </legend>
          {group.modifiers_product.map((option) => (
            <label key={option.id} className={styles.option}>
              <input
                type={isSingleChoice(group) ? 'radio' : 'checkbox'}
                name={`group-${group.id}`}
                checked={(choices[group.id] ?? []).includes(option.id)}
                disabled={option.sold_out === true}
                onChange={() => setChoices(tapChoice(product, choices, group.id, option.id))}
              />
              {option.title}
              {option.price > 0 ? ` · ${formatMoney(option.price)}` : ''}
            </label>
          ))}
        </fieldset>
      ))}
      <div className={styles.row}>
        <Button disabled={missing !== null} onClick={() => onAdd(withChoices(product, choices))}>
          {missing ? `Elige ${missing.title.toLowerCase()}` : 'Agregar al pedido'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </div>
  );
}
