import type { FavoriteProduct } from '@comanda/shared';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { HeartIcon } from '@/components/ui/more-icons';
import { Picture } from '@/components/ui/picture';
import { paths } from '@/config/paths';
import { useToggleFavorite } from '@/entities/product/api/toggle-favorite';
import { useFavorites } from '../api/get-favorites';
import { useEndSessionOnUnauthorized } from '../lib/use-session-guard';
import { EmptyState } from './empty-state';
import { ListSkeleton, LoadError } from './list-states';
import styles from './favorite-list.module.css';

/** /favoritos body: each favourite (title, description, image) linking to its product page. */
export function FavoriteList() {
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const [removed, setRemoved] = useState('');
  const unauthorized = useEndSessionOnUnauthorized(favorites.error ?? toggle.error);

  if (unauthorized) return null;

  if (favorites.isPending) {
    return (
      <ListSkeleton
        className={styles.grid}
        itemClassName={styles.skeleton}
        count={3}
        label="Cargando tus favoritos"
      />
    );
  }

  if (favorites.isError)
    return <LoadError query={favorites} message="No pudimos cargar tus favoritos." />;

  const remove = (product: FavoriteProduct) => {
    toggle.mutate(product, {
      onSuccess: () => setRemoved(`Quitamos ${product.title} de tus favoritos.`),
    });
  };

  return (
    <>
      <p role="status" className="visually-hidden">
        {removed}
      </p>
      {toggle.isError ? (
        <p role="alert" className={styles.error}>
          No pudimos quitar el favorito. {toggle.error.message}
        </p>
      ) : null}
      {favorites.data.length === 0 ? (
        <EmptyState icon={<HeartIcon />} title="No tienes Favoritos">
          <p>Toca el corazón de un producto para guardarlo aquí.</p>
          <Link to={paths.menu.getHref()} className={buttonClass()}>
            Ir al Menu
          </Link>
        </EmptyState>
      ) : (
        <ul className={styles.grid} aria-label="Tus favoritos">
          {favorites.data.map((product) => (
            <FavoriteCard
              key={product.id}
              product={product}
              busy={toggle.isPending && toggle.variables.id === product.id}
              disabled={toggle.isPending}
              onRemove={() => remove(product)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

interface FavoriteCardProps {
  product: FavoriteProduct;
  /** Its own removal is under way. */
  busy: boolean;
  /** A removal, this one's or another's, is under way. */
  disabled: boolean;
  onRemove: () => void;
}

/** One favourite: its picture and words linking to its page, and the filled heart that removes it. */
function FavoriteCard({ product, busy, disabled, onRemove }: FavoriteCardProps) {
  return (
    <li className={styles.card}>
      <Link to={paths.product.getHref(product.slug)} className={styles.link}>
        <Picture
          className={styles.image}
          src={product.image}
          kind="product"
          sizes="(min-width: 640px) 240px, 112px"
          alt=""
          width={480}
          height={480}
        />
        <span className={styles.text}>
          <span className={styles.title}>{product.title}</span>
          <span className={styles.description}>{product.description}</span>
        </span>
      </Link>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Quitar ${product.title} de favoritos`}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={onRemove}
      >
        <HeartIcon fill="currentColor" />
      </button>
    </li>
  );
}
