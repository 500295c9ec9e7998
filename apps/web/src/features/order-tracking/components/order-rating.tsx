import { RATING_COMMENT_MAX, type OrderRating } from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useOrderRating, useRateOrder } from '../api/order-rating';
import styles from './order-rating.module.css';

const STARS = [1, 2, 3, 4, 5] as const;
const starsText = (stars: number) => `${stars} de 5 estrellas`;

/**
 * «¿Cómo estuvo tu pedido?»: once the order is delivered or picked up, its customer rates it
 * once (stars as radio buttons, an optional comment); afterwards, the rating they gave.
 */
export function OrderRatingCard({ orderId, finished }: { orderId: number; finished: boolean }) {
  const rating = useOrderRating(orderId, finished);
  if (!finished || !rating.data) return null;
  const { results, can_rate } = rating.data;
  if (!results && !can_rate) return null;
  return (
    <section className={styles.card} aria-labelledby="rating-title">
      <h2 id="rating-title" className={styles.title}>
        {results ? 'Tu calificación' : '¿Cómo estuvo tu pedido?'}
      </h2>
      {results ? <GivenRating rating={results} /> : <RatingForm orderId={orderId} />}
    </section>
  );
}

function GivenRating({ rating }: { rating: OrderRating }) {
  return (
    <div className={styles.given}>
      <p className={styles.stars}>
        <span role="img" aria-label={starsText(rating.stars)}>
          {'★'.repeat(rating.stars)}
          <span className={styles.off}>{'★'.repeat(5 - rating.stars)}</span>
        </span>
      </p>
      {rating.comment ? <p className={styles.comment}>«{rating.comment}»</p> : null}
      <p role="status">¡Gracias por contarnos!</p>
    </div>
  );
}

function RatingForm({ orderId }: { orderId: number }) {
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const rate = useRateOrder(orderId);
  const commentId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null) return setMissing(true);
    rate.mutate({ stars, ...(comment.trim() ? { comment } : {}) });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <StarsField
        stars={stars}
        missing={missing}
        onChange={(value) => {
          setStars(value);
          setMissing(false);
        }}
      />
      <label htmlFor={commentId} className={styles.legend}>
        Comentario (opcional)
      </label>
      <textarea
        id={commentId}
        className={styles.textarea}
        value={comment}
        maxLength={RATING_COMMENT_MAX}
        rows={3}
        onChange={(event) => setComment(event.target.value)}
      />
      {rate.isError ? (
        <p className={styles.error} role="alert">
          {rate.error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={rate.isPending} block>
        {rate.isPending ? 'Enviando…' : 'Enviar calificación'}
      </Button>
    </form>
  );
}

interface StarsFieldProps {
  stars: number | null;
  missing: boolean;
  onChange: (stars: number) => void;
}

/** Five radio buttons drawn as stars, each named in words for a screen reader. */
function StarsField({ stars, missing, onChange }: StarsFieldProps) {
  return (
    <fieldset
      className={styles.starsField}
      aria-describedby={missing ? 'rating-missing' : undefined}
    >
      <legend className={styles.legend}>Tu calificación, de 1 a 5 estrellas</legend>
      <div className={styles.starRow}>
        {STARS.map((value) => (
          <label key={value} className={styles.star} data-on={stars !== null && value <= stars}>
            <input
              type="radio"
              name="stars"
              value={value}
              checked={stars === value}
              onChange={() => onChange(value)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {value === 1 ? '1 estrella' : `${value} estrellas`}
            </span>
          </label>
        ))}
      </div>
      {missing ? (
        <p id="rating-missing" className={styles.error}>
          Elige de 1 a 5 estrellas.
        </p>
      ) : null}
    </fieldset>
  );
}
