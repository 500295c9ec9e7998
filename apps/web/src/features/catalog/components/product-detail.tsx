import { formatMoney, SHOWN_IMAGE_SIZES, type Product } from '@comanda/shared';
import { useId, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { useToggleFavorite } from '@/entities/product/api/toggle-favorite';
import type { CartItem } from '@/stores/session-store';
import { useProductChoices, type ProductChoices } from '../lib/use-product-choices';
import { ChooseBranchBand } from './catalog-notice';
import { FavoriteButton } from './favorite-button';
import { LineNoteField } from './line-note-field';
import { OptionGroup } from './option-group';
import { ProductIntro } from './product-intro';
import { ProductUnavailable } from './product-unavailable';
import { QuantityStepper } from './quantity-stepper';
import styles from './product-detail.module.css';

interface ProductDetailProps {
  product: Product;
  /** null before a branch is chosen: the chain's menu, seen but not ordered from (decision 042). */
  branchTitle: string | null;
  /** Some branch asks more than the chain's lowest: the price says "Desde". */
  priceVaries?: boolean;
  loggedIn: boolean;
  /**
   * Whether the heart shows the product saved (`favoriteShown`); null while not known, when the
   * heart waits. Left out: the product's own `favorite` says it (the back office's preview).
   */
  saved?: boolean | null;
  /** product.md «States and transitions»: the item goes to the front of the cart. */
  onAdd: (item: CartItem) => void;
  /** Leave the screen: after adding, or when the quantity goes to 0. */
  onLeave: () => void;
}

/**
 * /producto/:slug body (product.md «Screens and routes»): photo, title, description, option groups, favourite heart,
 * quantity and "Agregar $total". Keyed by product and branch by the route, so the choices
 * start fresh for each, yet survive a refetch of the same product.
 */
export function ProductDetail({
  product,
  branchTitle,
  priceVaries = false,
  loggedIn,
  saved = product.favorite !== null,
  onAdd,
  onLeave,
}: ProductDetailProps) {
  // Above the available/unavailable switch, so the choices survive the product selling out and back.
  const { groupsRef, choices } = useProductChoices(product, onAdd, onLeave);
  /** A logged-out visitor tapped the heart: the spec's "No estas logueado", with the way to log in. */
  const [askLogin, setAskLogin] = useState(false);
  const favorite = useToggleFavorite();

  const toggleFavorite = () => {
    if (!loggedIn) {
      setAskLogin(true);
      return;
    }
    favorite.mutate(product);
  };

  return (
    <article className={styles.product}>
      <div className={styles.media}>
        <Picture
          className={styles.image}
          src={product.image}
          kind="product"
          sizes={SHOWN_IMAGE_SIZES.productPhoto}
          alt=""
          width={480}
          height={480}
          load="lcp"
        />
        <FavoriteButton
          className={styles.heart}
          saved={saved}
          busy={favorite.isPending}
          onClick={toggleFavorite}
        />
      </div>

      <div className={styles.info}>
        <ProductIntro
          product={product}
          priceVaries={priceVaries}
          askLogin={askLogin}
          favoriteFailed={favorite.isError}
        />
        {product.available ? (
          <ProductOrdering choices={choices} groupsRef={groupsRef} branchTitle={branchTitle} />
        ) : (
          <ProductUnavailable product={product} branchTitle={branchTitle} />
        )}
      </div>
    </article>
  );
}

interface ProductOrderingProps {
  choices: ProductChoices;
  groupsRef: RefObject<HTMLDivElement | null>;
  branchTitle: string | null;
}

/** The option groups, then the quantity and "Agregar $total" (or, before a branch, the band that asks for one). */
function ProductOrdering({ choices, groupsRef, branchTitle }: ProductOrderingProps) {
  const hintId = useId();
  const { groups, missingMessage, triedToAdd } = choices;
  return (
    <>
      {groups.length > 0 ? (
        <div className={styles.groups} ref={groupsRef}>
          {groups.map((group) => (
            <OptionGroup
              key={group.id}
              group={group}
              highlightMissing={triedToAdd}
              onChoose={(optionId) => choices.chooseOption(group, optionId)}
            />
          ))}
        </div>
      ) : null}

      {branchTitle === null ? (
        <ChooseBranchBand />
      ) : (
        <>
          {/* Above the sticky bar, not in it: the bar stays the quantity and the button (decision 077). */}
          <LineNoteField value={choices.note} onChange={choices.changeNote} />
          <div className={styles.actions}>
            {missingMessage ? (
              <p
                id={hintId}
                className={triedToAdd ? `${styles.hint} ${styles.hintUrgent}` : styles.hint}
              >
                {missingMessage}
              </p>
            ) : null}
            <div className={styles.actionRow}>
              <QuantityStepper value={choices.quantity} onChange={choices.changeQuantity} />
              <Button
                className={styles.add}
                aria-disabled={missingMessage ? true : undefined}
                aria-describedby={missingMessage ? hintId : undefined}
                onClick={choices.add}
              >
                Agregar {formatMoney(choices.total)}
              </Button>
            </div>
          </div>
        </>
      )}
    </>
  );
}

export function ProductSkeleton() {
  return (
    <div className={styles.product} aria-busy="true">
      <p className="visually-hidden" role="status">
        Cargando producto…
      </p>
      <div className={`${styles.media} ${styles.shimmer}`} aria-hidden="true">
        <div className={styles.image} />
      </div>
      <div className={styles.info} aria-hidden="true">
        <span className={`${styles.line} ${styles.shimmer}`} />
        <span className={`${styles.line} ${styles.lineShort} ${styles.shimmer}`} />
        <span className={`${styles.block} ${styles.shimmer}`} />
      </div>
    </div>
  );
}
