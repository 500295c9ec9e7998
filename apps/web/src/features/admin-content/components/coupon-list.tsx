import { couponBody, type AdminCoupon } from '@comanda/shared';
import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { ImageField } from '@/components/admin/image-field';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import { matches } from '../lib/matches';
import styles from './content.module.css';

const FIELDS = ['title', 'description', 'main_image', 'confirmation_image'] as const;

const registrations = (n: number) => (n === 1 ? '1 registro' : `${n} registros`);
type Field = (typeof FIELDS)[number];

/** The coupon of one branch: what /descuento shows, and the picture after signing up. */
function CouponForm({ entry, onDone }: { entry: AdminCoupon; onDone: () => void }) {
  const save = useSaveCoupon();
  const [active, setActive] = useState(entry.coupon?.active ?? true);
  const { values, setValue, problems, sending, onSubmit, formRef, bind } = useForm<Field, unknown>({
    fields: FIELDS,
    initial: {
      title: entry.coupon?.title ?? '',
      description: entry.coupon?.description ?? '',
      main_image: entry.coupon?.main_image ?? '',
      confirmation_image: entry.coupon?.confirmation_image ?? '',
    },
    check: (values) => problemsFromParse(couponBody.safeParse({ ...values, active }), FIELDS),
    send: (values) =>
      save.mutateAsync({
        branchId: entry.branch_id,
        ...values,
        active,
        version: entry.coupon?.version,
      }),
    onSent: onDone,
  });
  return (
    <form
      className={styles.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h2 className={styles.formTitle}>Cupón de {entry.branch_title}</h2>
      <FormAlert message={problems.form} />
      <TextField label="Título" maxLength={160} autoComplete="off" {...bind('title')} />
      <TextField label="Descripción" maxLength={400} autoComplete="off" {...bind('description')} />
      <div className={styles.columns}>
        <ImageField
          label="Imagen principal"
          kind="coupon"
          value={values.main_image}
          onChange={(url) => setValue('main_image', url)}
          error={problems.fields.main_image}
        />
        <ImageField
          label="Imagen de confirmación"
          kind="coupon"
          value={values.confirmation_image}
          onChange={(url) => setValue('confirmation_image', url)}
          error={problems.fields.confirmation_image}
        />
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
        />
        Activo (se ofrece en la tienda)
      </label>
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : 'Guardar cupón'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** Contenido → Cupones: one coupon per branch. */
export function CouponList() {
  const coupons = useCoupons();
  const [editing, setEditing] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const shown = (coupons.data ?? []).filter((e) =>
    matches(search, e.branch_title, e.coupon?.title ?? ''),
  );

  return (
    <AdminSection
      title="Cupones"
      description="El cupón de descuento de cada sede: lo que ve quien se inscribe y la imagen que recibe al terminar."
      search={{ label: 'Buscar por sede o cupón', value: search, onChange: setSearch }}
    >
      {coupons.isPending ? (
        <p className={styles.state}>Cargando cupones…</p>
      ) : coupons.isError ? (
        <ErrorState
          message="No pudimos cargar los cupones."
          detail={coupons.error.message}
          onRetry={() => void coupons.refetch()}
        />
      ) : shown.length === 0 ? (
        <p className={styles.state}>Ninguna sede coincide con la búsqueda.</p>
      ) : (
        <ul className={styles.list} aria-label="Cupones por sede">
          {shown.map((entry) =>
            editing === entry.branch_id ? (
              <li key={entry.branch_id}>
                <CouponForm entry={entry} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={entry.branch_id}
                className={`${styles.card} ${entry.coupon?.active ? '' : styles.cardMuted}`}
              >
                {entry.coupon ? (
                  <img
                    className={styles.thumb}
                    src={entry.coupon.main_image}
                    alt=""
                    loading="lazy"
                  />
                ) : null}
                <div className={styles.body}>
                  <span className={styles.name}>{entry.branch_title}</span>
                  <span className={styles.meta}>
                    {entry.coupon ? entry.coupon.title : 'Sin cupón'}
                  </span>
                  <span className={styles.meta}>
                    {registrations(entry.signups)} · {entry.codes_issued} códigos enviados ·{' '}
                    {entry.codes_redeemed} usados
                  </span>
                  {entry.coupon ? (
                    <span
                      className={`${styles.badge} ${entry.coupon.active ? '' : styles.badgeOff}`}
                    >
                      {entry.coupon.active ? 'Activo' : 'Inactivo'}
                    </span>
                  ) : null}
                </div>
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => setEditing(entry.branch_id)}>
                    {entry.coupon ? 'Editar cupón' : 'Crear cupón'}
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </AdminSection>
  );
}
