import {
  adminCategoryBody,
  adminCategorySchema,
  describeDayparts,
  type AdminCategory,
  type Daypart,
} from '@comanda/shared';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { DaypartsField } from '@/components/admin/dayparts-field';
import { ImageField } from '@/components/admin/image-field';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { readRecord, type ConflictSetup } from '@/lib/form/form-conflict';
import { useForm } from '@/lib/form/use-form';
import { useSaveCategory } from '../api/save-category';
import styles from './menu-list.module.css';

const FIELDS = ['title', 'photo', 'dayparts'] as const;

/** The form keeps every value as text: the dayparts as their JSON, compared and parsed whole. */
const bodyOf = (values: Record<(typeof FIELDS)[number], string>) => ({
  ...values,
  dayparts: JSON.parse(values.dayparts) as Daypart[],
});

const valuesOf = (category: AdminCategory | null) => ({
  title: category?.title ?? '',
  photo: category?.photo ?? '',
  dayparts: JSON.stringify(category?.dayparts ?? []),
});

/** After another admin saved the category: their copy, side by side with this form's. */
const categoryConflict: ConflictSetup<(typeof FIELDS)[number]> = {
  labels: { title: 'Nombre', photo: 'Foto', dayparts: 'Horario de venta' },
  read: readRecord(adminCategorySchema, valuesOf),
  shown: (field, value) => {
    if (field === 'photo') return value ? (value.split('/').pop() ?? value) : 'Sin foto';
    if (field === 'dayparts') {
      const dayparts = JSON.parse(value) as Daypart[];
      return dayparts.length === 0 ? 'Siempre' : describeDayparts(dayparts);
    }
    return value;
  },
};

interface CategoryFormProps {
  /** The category to edit; null for a new one. */
  category: AdminCategory | null;
  /** Closed: with the category as saved, or null when cancelled. */
  onDone: (saved: AdminCategory | null) => void;
}

/** New or edited category: name, photo and dayparts, checked with the server's schema. */
export function CategoryForm({ category, onDone }: CategoryFormProps) {
  const save = useSaveCategory();
  const { values, setValue, problems, sending, onSubmit, formRef, bind, conflict } = useForm({
    fields: FIELDS,
    initial: valuesOf(category),
    check: (values) => problemsFromParse(adminCategoryBody.safeParse(bodyOf(values)), FIELDS),
    send: (values, over) =>
      save.mutateAsync({
        id: category?.id ?? null,
        body: {
          ...adminCategoryBody.parse(bodyOf(values)),
          version: over?.version ?? category?.version,
        },
      }),
    onSent: (saved) => onDone(saved),
    conflict: category ? categoryConflict : undefined,
  });
  const heading = category ? `Editar ${category.title}` : 'Nueva categoría';

  return (
    <form
      className={styles.formCard}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={heading}
    >
      <h2 className={styles.formTitle}>{heading}</h2>
      <TextField label="Nombre" autoComplete="off" maxLength={120} {...bind('title')} />
      <ImageField
        label="Foto"
        kind="category"
        value={values.photo}
        onChange={(url) => setValue('photo', url)}
        error={problems.fields.photo}
      />
      <DaypartsField
        label={values.title || 'la categoría'}
        name="dayparts"
        dayparts={JSON.parse(values.dayparts) as Daypart[]}
        onChange={(dayparts) => setValue('dayparts', JSON.stringify(dayparts))}
        error={problems.fields.dayparts}
      />
      {category ? (
        <p className={styles.note}>
          Dirección: /{category.slug} (no cambia al renombrar, para no romper enlaces).
        </p>
      ) : null}
      {conflict ? <ConflictChoice {...conflict} /> : null}
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : category ? 'Guardar cambios' : 'Crear categoría'}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
