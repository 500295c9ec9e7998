import { adminCategoryBody, type AdminCategory } from '@comanda/shared';
import { ImageField } from '@/components/admin/image-field';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useSaveCategory } from '../api/save-category';
import styles from './menu-list.module.css';

const FIELDS = ['title', 'photo'] as const;

interface CategoryFormProps {
  /** The category to edit; null for a new one. */
  category: AdminCategory | null;
  onDone: () => void;
}

/** New or edited category: name and photo, checked with the server's schema. */
export function CategoryForm({ category, onDone }: CategoryFormProps) {
  const save = useSaveCategory();
  const { values, setValue, problems, sending, onSubmit, formRef, bind } = useForm({
    fields: FIELDS,
    initial: { title: category?.title ?? '', photo: category?.photo ?? '' },
    check: (values) => problemsFromParse(adminCategoryBody.safeParse(values), FIELDS),
    send: (values) =>
      save.mutateAsync({
        id: category?.id ?? null,
        body: { ...adminCategoryBody.parse(values), version: category?.version },
      }),
    onSent: onDone,
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
      {category ? (
        <p className={styles.note}>
          Dirección: /{category.slug} (no cambia al renombrar, para no romper enlaces).
        </p>
      ) : null}
      <FormAlert message={problems.form} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : category ? 'Guardar cambios' : 'Crear categoría'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
