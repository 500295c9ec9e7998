import {
  formatMoney,
  lineTotal,
  priceRange,
  SHOWN_IMAGE_SIZES,
  type Product,
} from '@comanda/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import { cartItemFrom } from '@/entities/cart-item/lib/cart-item';
import { useToggleFavorite } from '@/entities/product/api/toggle-favorite';
import { randomId } from '@/lib/random-id';
import type { CartItem } from '@/stores/session-store';
import {
  applySelection,
  choose,
  initialSelection,
  missingGroupsMessage,
  missingRequiredGroups,
  type Selection,
} from '../lib/product-options';
import { ChooseBranchBand } from './catalog-notice';
import { FavoriteButton } from './favorite-button';
import { MenuPrice } from './menu-price';
import { OptionGroup } from './option-group';
import { QuantityStepper } from './quantity-stepper';
import styles from './product-detail.module.css';

/** product.md «Validation rules and messages, Error catalogue», word for word (no accent in the original). */
export const NOT_LOGGED_IN_ALERT = 'No estas logueado';

interface ProductDetailProps {
  product: Product;
  /** null before a branch is chosen: the chain's menu, seen but not ordered from (decision 042). */
  branchTitle: string | null;
  /** Some branch asks more than the chain's lowest: the price says "Desde". */
  priceVaries?: boolean;
  loggedIn: boolean;
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
  onAdd,
  onLeave,
}: ProductDetailProps) {
  const [selection, setSelection] = useState<Selection>(() =>
    initialSelection(product.modifier_group),
  );
  const [quantity, setQuantity] = useState(1);
  const [triedToAdd, setTriedToAdd] = useState(false);
  /** A logged-out visitor tapped the heart: the spec's "No estas logueado", with the way to log in. */
  const [askLogin, setAskLogin] = useState(false);
  const groupsRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const favorite = useToggleFavorite();

  const groups = applySelection(product.modifier_group, selection);
  const missing = missingRequiredGroups(groups);
  const missingMessage = missingGroupsMessage(missing);
  // product.md «Wire contract»: the one pricing function, on the product with the customer's choices.
  const total = lineTotal({ price: product.price, modifier_group: groups }, quantity);
  // What the menu's card said: the least a unit costs here, "Desde" when a choice costs more.
  const shown = priceRange(product);

  const changeQuantity = (next: number) => {
    if (next <= 0) onLeave();
    else setQuantity(next);
  };

  const add = () => {
    const firstMissing = missing[0];
    if (firstMissing) {
      // The button only looks disabled (aria-disabled), so a tap can show where the gap is.
      setTriedToAdd(true);
      const fieldset = groupsRef.current?.querySelector<HTMLFieldSetElement>(
        `fieldset[data-group-id="${firstMissing.id}"]`,
      );
      // Centred, so the sticky add bar does not cover the group it points at.
      fieldset?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      fieldset?.querySelector('input')?.focus({ preventScroll: true });
      return;
    }
    onAdd(cartItemFrom(product, groups, quantity, randomId()));
    onLeave();
  };

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
          pressed={product.favorite !== null}
          busy={favorite.isPending}
          onClick={toggleFavorite}
        />
      </div>

      <div className={styles.info}>
        <div className={styles.intro}>
          <Link to={paths.category.getHref(product.category.slug)} className={styles.crumb}>
            {product.category.title}
          </Link>
          <h1 className={styles.title}>{product.title}</h1>
          <p className={styles.price}>
            <MenuPrice
              amount={shown.price}
              from={priceVaries || shown.varies}
              fromClassName={styles.from}
            />
          </p>
          <p className={styles.description}>{product.description}</p>
          {askLogin ? (
            <p className={styles.favoriteError} role="alert">
              {NOT_LOGGED_IN_ALERT}.{' '}
              <Link to={paths.login.getHref(paths.product.getHref(product.slug))}>
                Iniciar sesión
              </Link>
            </p>
          ) : null}
          {favorite.isError ? (
            <p className={styles.favoriteError} role="alert">
              No pudimos actualizar tus favoritos. Intenta de nuevo en un momento.
            </p>
          ) : null}
        </div>

        {product.available ? (
          <>
            {groups.length > 0 ? (
              <div className={styles.groups} ref={groupsRef}>
                {groups.map((group) => (
                  <OptionGroup
                    key={group.id}
                    group={group}
                    highlightMissing={triedToAdd}
                    onChoose={(optionId) =>
                      setSelection((current) => choose(current, group, optionId))
                    }
                  />
                ))}
              </div>
            ) : null}

            {branchTitle === null ? (
              <ChooseBranchBand />
            ) : (
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
                  <QuantityStepper value={quantity} onChange={changeQuantity} />
                  <Button
                    className={styles.add}
                    aria-disabled={missingMessage ? true : undefined}
                    aria-describedby={missingMessage ? hintId : undefined}
                    onClick={add}
                  >
                    Agregar {formatMoney(total)}
                  </Button>
                </div>
              </div>
            )}
          </>
        ) : (
          <div className={styles.unavailable}>
            <p className={styles.unavailableTitle}>
              {product.unavailable_reason === 'not_offered'
                ? `No disponible en ${branchTitle ?? 'ninguna sede'}`
                : `Agotado en ${branchTitle ?? 'todas las sedes'}`}
            </p>
            <p className={styles.unavailableText}>
              {product.unavailable_reason === 'not_offered'
                ? 'Esta sede no ofrece este producto. Mira lo demás que tenemos para ti.'
                : 'Se nos acabó por hoy. Mira lo demás que tenemos para ti.'}
            </p>
            <Link
              to={paths.category.getHref(product.category.slug)}
              className={buttonClass('secondary')}
            >
              Volver a {product.category.title}
            </Link>
          </div>
        )}
      </div>
    </article>
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
