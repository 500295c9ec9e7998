import {
  adminCouponSchema,
  COUPON_TERM_DEFAULTS,
  couponBody,
  formatMoney,
  type AdminCoupon,
} from '@comanda/shared';
import { useState } from 'react';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { ImageField } from '@/components/admin/image-field';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import type { ConflictSetup } from '@/lib/form/form-conflict';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import { matches } from '../lib/matches';
import { ActiveCheck, FormButtons } from './form-buttons';
import { styles } from './content-styles';

const FIELDS = [
  'title',
  'description',
  'main_image',
  'confirmation_image',
  'discount_percent',
  'discount_amount',
  'min_order',
  'valid_days',
] as const;

const registrations = (n: number) => (n === 1 ? '1 registro' : `${n} registros`);
type Field = (typeof FIELDS)[number];

/**
 * A term as typed: empty is 0 (the schema refuses 0 days); pesos may carry thousands dots
 * and a sign ("$20.000"); anything else that is not a whole number stays NaN for the schema to refuse.
 */
function termOf(text: string, pesos = false): number {
  const trimmed = (pesos ? text.replace(/[$.\s]/g, '') : text).trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** "$5.000 de descuento · pedido mínimo $20.000 · 30 días": a coupon's terms on its card. */
function termsLine(coupon: NonNullable<AdminCoupon['coupon']>): string {
  const off =
    coupon.discount_amount > 0
      ? `${formatMoney(coupon.discount_amount)} de descuento`
      : `${coupon.discount_percent}% de descuento`;
  const minimum =
    coupon.min_order > 0 ? `pedido mínimo ${formatMoney(coupon.min_order)}` : 'sin pedido mínimo';
  const days = coupon.valid_days === 1 ? '1 día' : `${coupon.valid_days} días`;
  return `${off} · ${minimum} · código válido ${days}`;
}

/** The form's values as the body the server takes. */
const bodyOf = (values: Record<Field, string>, active: boolean) => ({
  title: values.title,
  description: values.description,
  main_image: values.main_image,
  confirmation_image: values.confirmation_image,
  active,
  discount_percent: termOf(values.discount_percent),
  discount_amount: termOf(values.discount_amount, true),
  min_order: termOf(values.min_order, true),
  valid_days: termOf(values.valid_days),
});

/** A branch's coupon as its form holds it (the default terms when it has none yet). */
function couponValues(entry: AdminCoupon): Record<Field, string> {
  const terms = entry.coupon ?? COUPON_TERM_DEFAULTS;
  return {
    title: entry.coupon?.title ?? '',
    description: entry.coupon?.description ?? '',
    main_image: entry.coupon?.main_image ?? '',
    confirmation_image: entry.coupon?.confirmation_image ?? '',
    discount_percent: String(terms.discount_percent),
    discount_amount: String(terms.discount_amount),
    min_order: String(terms.min_order),
    valid_days: String(terms.valid_days),
  };
}

/** After another admin saved the branch's coupon: their copy beside this form's, field by field. */
const couponConflict: ConflictSetup<Field> = {
  labels: {
    title: 'Título',
    description: 'Descripción',
    main_image: 'Imagen de /descuento',
    confirmation_image: 'Imagen al inscribirse',
    discount_percent: 'Descuento (%)',
    discount_amount: 'Descuento ($)',
    min_order: 'Pedido mínimo ($)',
    valid_days: 'Días de validez',
  },
  read: (current) => {
    const parsed = adminCouponSchema.safeParse(current);
    if (!parsed.success || !parsed.data.coupon) return null;
    return { values: couponValues(parsed.data), version: parsed.data.coupon.version };
  },
  shown: (field, value) =>
    field === 'main_image' || field === 'confirmation_image'
      ? (value.split('/').pop() ?? value)
      : value,
};

/** The coupon form's state: its fields, its check (the shared schema) and its save. */
function useCouponForm(entry: AdminCoupon, onDone: (saved: boolean) => void) {
  const save = useSaveCoupon();
  const [active, setActive] = useState(entry.coupon?.active ?? true);
  const form = useForm<Field, unknown>({
    fields: FIELDS,
    initial: couponValues(entry),
    check: (values) => problemsFromParse(couponBody.safeParse(bodyOf(values, active)), FIELDS),
    send: (values, over) =>
      save.mutateAsync({
        branchId: entry.branch_id,
        ...bodyOf(values, active),
        version: over?.version ?? entry.coupon?.version,
      }),
    conflict: couponConflict,
    onSent: () => onDone(true),
  });
  return { ...form, active, setActive };
}

/** The coupon of one branch: what /descuento shows, and the picture after signing up. */
function CouponForm({
  entry,
  onDone,
}: {
  entry: AdminCoupon;
  /** Closed: saved (true) or cancelled. */
  onDone: (saved: boolean) => void;
}) {
  const {
    values,
    setValue,
    problems,
    sending,
    onSubmit,
    formRef,
    bind,
    conflict,
    active,
    setActive,
  } = useCouponForm(entry, onDone);
  return (
    <form
      className={styles.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h2 className={styles.formTitle}>Cupón de {entry.branch_title}</h2>
      {conflict ? <ConflictChoice {...conflict} /> : null}
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
      <CouponTerms bind={bind} />
      <ActiveCheck label="Activo (se ofrece en la tienda)" active={active} onChange={setActive} />
      <FormButtons sending={sending} save="Guardar cupón" onCancel={() => onDone(false)} />
    </form>
  );
}

/** The code's terms: what each code sent keeps. */
function CouponTerms({ bind }: { bind: (field: Field) => FieldBinding }) {
  return (
    <fieldset className={styles.terms}>
      <legend className={styles.termsLegend}>Términos del código</legend>
      <p className={styles.meta}>
        Cada código enviado conserva los términos con que se envió: un cambio vale para los códigos
        nuevos.
      </p>
      <div className={styles.columns}>
        <TextField
          label="Descuento (%)"
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          hint="De 0 a 100. Deja 0 si el descuento es en pesos."
          {...bind('discount_percent')}
        />
        <TextField
          label="Descuento en pesos"
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
          hint="Hasta 1.000.000. Deja 0 si el descuento es un porcentaje."
          {...bind('discount_amount')}
        />
        <TextField
          label="Pedido mínimo"
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          hint="En pesos, sobre los productos sin el domicilio. 0: cualquier pedido."
          {...bind('min_order')}
        />
        <TextField
          label="Días de validez del código"
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          hint="De 1 a 365, desde que se envía."
          {...bind('valid_days')}
        />
      </div>
    </fieldset>
  );
}

/** Contenido → Cupones: one coupon per branch. */
export function CouponList() {
  const coupons = useCoupons();
  const [editing, setEditing] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState('');
  const shown = (coupons.data ?? []).filter((e) =>
    matches(search, e.branch_title, e.coupon?.title ?? ''),
  );

  return (
    <AdminSection
      title="Cupones"
      description="El cupón de descuento de cada sede: lo que ve quien se inscribe y la imagen que recibe al terminar."
      search={{ label: 'Buscar por sede o cupón', value: search, onChange: setSearch }}
      notice={notice}
    >
      <AdminList
        look="cards"
        label="Cupones por sede"
        query={coupons}
        items={shown}
        loading="Cargando cupones…"
        failed="No pudimos cargar los cupones."
        failedDetail
        empty="Ninguna sede coincide con la búsqueda."
      >
        {(entry) =>
          editing === entry.branch_id ? (
            <li key={entry.branch_id}>
              <CouponForm
                entry={entry}
                onDone={(saved) => {
                  if (saved) setNotice(`Cupón de ${entry.branch_title} guardado.`);
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <CouponCard
              key={entry.branch_id}
              entry={entry}
              onEdit={() => setEditing(entry.branch_id)}
            />
          )
        }
      </AdminList>
    </AdminSection>
  );
}

/** A branch's coupon: its picture, title, terms, how it has done, and whether it is offered. */
function CouponCard({ entry, onEdit }: { entry: AdminCoupon; onEdit: () => void }) {
  return (
    <li className={`${styles.card} ${entry.coupon?.active ? '' : styles.cardMuted}`}>
      {entry.coupon ? (
        <img className={styles.thumb} src={entry.coupon.main_image} alt="" loading="lazy" />
      ) : null}
      <div className={styles.body}>
        <span className={styles.name}>{entry.branch_title}</span>
        <span className={styles.meta}>{entry.coupon ? entry.coupon.title : 'Sin cupón'}</span>
        {entry.coupon ? <span className={styles.meta}>{termsLine(entry.coupon)}</span> : null}
        <span className={styles.meta}>
          {registrations(entry.signups)} · {entry.codes_issued} códigos enviados ·{' '}
          {entry.codes_redeemed} usados
        </span>
        {entry.coupon ? (
          <span className={`${styles.badge} ${entry.coupon.active ? '' : styles.badgeOff}`}>
            {entry.coupon.active ? 'Activo' : 'Inactivo'}
          </span>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onEdit}>
          {entry.coupon ? 'Editar cupón' : 'Crear cupón'}
        </Button>
      </div>
    </li>
  );
}
