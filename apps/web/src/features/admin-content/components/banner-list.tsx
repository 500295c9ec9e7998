import {
  adminBannerSchema,
  bannerBody,
  bannerShowsOn,
  chainToday,
  type AdminBanner,
} from '@comanda/shared';
import { useState, type ReactNode } from 'react';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { ImageField } from '@/components/admin/image-field';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useCreateBanner } from '../api/create-banner';
import { useBanners } from '../api/get-banners';
import { usePromotionChoices } from '../api/get-promotion-choices';
import { useReorderBanners } from '../api/reorder-banners';
import { useUpdateBanner } from '../api/update-banner';
import { matches } from '../lib/matches';
import { moved } from '../lib/move';
import { OrderArrows } from './order-arrows';
import { ActiveCheck, FormButtons } from './form-buttons';
import { styles } from './content-styles';
import { dateFormat } from '@/lib/date-format';

const FIELDS = ['title', 'image', 'active_from', 'active_to', 'promotion_id'] as const;
type Field = (typeof FIELDS)[number];

/** A banner as its form holds it (dates empty when unset). */
const bannerValues = (banner: AdminBanner | null): Record<Field, string> => ({
  title: banner?.title ?? '',
  image: banner?.image ?? '',
  active_from: banner?.active_from ?? '',
  active_to: banner?.active_to ?? '',
  promotion_id: banner?.promotion_id === null || !banner ? '' : String(banner.promotion_id),
});

/** The form's values as the body takes them: the promotion's id, or null for none. */
const bodyOf = (values: Record<Field, string>) => ({
  ...values,
  promotion_id: values.promotion_id === '' ? null : Number(values.promotion_id),
});

/** After another admin saved the banner: their copy beside this form's, field by field. */
const bannerConflict: ConflictSetup<Field> = {
  labels: {
    title: 'Título',
    image: 'Imagen',
    active_from: 'Se ve desde',
    active_to: 'Se ve hasta',
    promotion_id: 'Promoción',
  },
  read: readRecord(adminBannerSchema, bannerValues),
  shown: (field, value) =>
    field === 'image' ? (value.split('/').pop() ?? value) : value === '' ? 'Sin fecha' : value,
};

const dayFormat = dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => dayFormat.format(new Date(`${iso}T12:00:00Z`));

/** "Del 1 dic 2026 al 24 dic 2026", "Desde …", "Hasta …" or "Siempre". */
function windowText(banner: AdminBanner): string {
  if (banner.active_from && banner.active_to)
    return `Del ${day(banner.active_from)} al ${day(banner.active_to)}`;
  if (banner.active_from) return `Desde el ${day(banner.active_from)}`;
  if (banner.active_to) return `Hasta el ${day(banner.active_to)}`;
  return 'Todos los días';
}

function Status({ banner, today }: { banner: AdminBanner; today: string }) {
  if (!banner.active) return <span className={`${styles.badge} ${styles.badgeOff}`}>Oculto</span>;
  if (bannerShowsOn(banner, today)) return <span className={styles.badge}>Se ve hoy</span>;
  if (banner.active_from && today < banner.active_from)
    return <span className={`${styles.badge} ${styles.badgeLater}`}>Programado</span>;
  return <span className={`${styles.badge} ${styles.badgeOff}`}>Terminado</span>;
}

/** The banner form's state: its fields, its check (the same shared schema as the server) and its save. */
function useBannerForm(banner: AdminBanner | null, onDone: (savedTitle: string | null) => void) {
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const [active, setActive] = useState(banner?.active ?? true);
  const form = useForm<Field, unknown>({
    fields: FIELDS,
    initial: bannerValues(banner),
    check: (values) =>
      problemsFromParse(bannerBody.safeParse({ ...bodyOf(values), active }), FIELDS),
    send: (values, over) =>
      banner
        ? update.mutateAsync({
            id: banner.id,
            ...bodyOf(values),
            active,
            version: over?.version ?? banner.version,
          })
        : create.mutateAsync({ ...bodyOf(values), active }),
    onSent: (_, values) => onDone(values.title),
    conflict: banner ? bannerConflict : undefined,
  });
  return { ...form, active, setActive };
}

/** A banner's form: new (no `banner`) or editing one. */
function BannerForm({
  banner,
  onDone,
}: {
  banner: AdminBanner | null;
  /** Closed: with the title saved, or null when cancelled. */
  onDone: (savedTitle: string | null) => void;
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
  } = useBannerForm(banner, onDone);
  return (
    <form
      className={styles.form}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h2 className={styles.formTitle}>{banner ? `Editar «${banner.title}»` : 'Nuevo banner'}</h2>
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <TextField label="Título" maxLength={160} autoComplete="off" {...bind('title')} />
      <ImageField
        label="Imagen (se ve ancha, 8 : 3)"
        kind="banner"
        value={values.image}
        onChange={(url) => setValue('image', url)}
        error={problems.fields.image}
      />
      <div className={styles.columns}>
        <TextField label="Se ve desde (opcional)" type="date" {...bind('active_from')} />
        <TextField label="Se ve hasta (opcional)" type="date" {...bind('active_to')} />
      </div>
      <PromotionChoice {...bind('promotion_id')} />
      <ActiveCheck label="Visible en la tienda" active={active} onChange={setActive} />
      <FormButtons sending={sending} save="Guardar banner" onCancel={() => onDone(null)} />
    </form>
  );
}

/** «Enlaza a la promoción»: tapping the banner leads to where the chosen rule applies. */
function PromotionChoice(props: {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const promotions = usePromotionChoices();
  return (
    <SelectField
      label="Enlaza a la promoción (opcional)"
      hint="Al tocar el banner, la tienda lleva a la categoría donde aplica."
      {...props}
    >
      <option value="">Ninguna</option>
      {(promotions.data ?? []).map((promotion) => (
        <option key={promotion.id} value={promotion.id}>
          {promotion.title}
          {promotion.active ? '' : ' (desactivada)'}
        </option>
      ))}
    </SelectField>
  );
}

/** The banner shown or hidden, everything else as it is. */
const toggled = (banner: AdminBanner) => ({
  id: banner.id,
  title: banner.title,
  image: banner.image,
  active_from: banner.active_from,
  active_to: banner.active_to,
  active: !banner.active,
  version: banner.version,
});

/** Contenido → Banners: the storefront's promotions on /menu, in order, each with its days. */
export function BannerList() {
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState('');

  return (
    <AdminSection
      title="Banners"
      description="Las promociones que se ven arriba del menú, en este orden. Cada una puede tener fechas."
      actions={<Button onClick={() => setEditing('new')}>Nuevo banner</Button>}
      search={{ label: 'Buscar banners', value: search, onChange: setSearch }}
      notice={notice}
    >
      {editing ? (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : editing}
          onDone={(title) => {
            if (title !== null) setNotice(`Banner «${title}» guardado.`);
            setEditing(null);
          }}
        />
      ) : null}
      <BannerCards search={search} onEdit={setEditing} />
    </AdminSection>
  );
}

/** The banners in order, those the search finds: hide or show one, move it, edit it. */
function BannerCards({
  search,
  onEdit,
}: {
  search: string;
  onEdit: (banner: AdminBanner) => void;
}) {
  const banners = useBanners();
  const reorder = useReorderBanners();
  const update = useUpdateBanner();
  const today = chainToday();
  const all = banners.data ?? [];
  const searching = search.trim() !== '';
  return (
    <AdminList
      look="cards"
      label="Banners"
      query={banners}
      items={all.filter((b) => matches(search, b.title))}
      loading="Cargando banners…"
      failed="No pudimos cargar los banners."
      failedDetail
      empty={searching ? 'Ningún banner coincide con la búsqueda.' : 'Aún no hay banners.'}
      problem={(reorder.error ?? update.error)?.message}
    >
      {(banner) => {
        const index = all.indexOf(banner);
        return (
          <BannerRow
            key={banner.id}
            banner={banner}
            today={today}
            toggling={update.isPending}
            onToggle={() => update.mutate(toggled(banner))}
            onEdit={() => onEdit(banner)}
          >
            {searching ? null : (
              <OrderArrows
                name={banner.title}
                first={index === 0}
                last={index === all.length - 1}
                disabled={reorder.isPending}
                onMove={(step) => reorder.mutate(moved(all, index, step))}
              />
            )}
          </BannerRow>
        );
      }}
    </AdminList>
  );
}

/** A banner's card: its picture, name, days and state; `children` are its arrows. */
function BannerRow({
  banner,
  today,
  toggling,
  onToggle,
  onEdit,
  children,
}: {
  banner: AdminBanner;
  today: string;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  children: ReactNode;
}) {
  return (
    <li className={`${styles.card} ${banner.active ? '' : styles.cardMuted}`}>
      <img className={styles.thumb} src={banner.image} alt="" loading="lazy" />
      <div className={styles.body}>
        <span className={styles.name}>{banner.title}</span>
        <span className={styles.meta}>{windowText(banner)}</span>
        <Status banner={banner} today={today} />
      </div>
      <div className={styles.actions}>
        {children}
        <Button variant="secondary" onClick={onEdit}>
          Editar
        </Button>
        <Button variant="ghost" disabled={toggling} onClick={onToggle}>
          {banner.active ? 'Ocultar' : 'Mostrar'}
        </Button>
      </div>
    </li>
  );
}
