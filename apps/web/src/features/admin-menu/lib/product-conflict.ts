import {
  adminProductSchema,
  allergenLabel,
  dietaryTagLabel,
  describeDayparts,
  formatMoney,
  type AdminProduct,
} from '@comanda/shared';
import type { ConflictRow } from '@/lib/form/form-conflict';
import { mergeThreeWay, type ThreeWayMerge } from '@/lib/form/three-way-merge';
import { draftFrom, parsePesos, type GroupDraft, type ProductDraft } from './product-draft';

const FIELDS = [
  'title',
  'category_id',
  'price',
  'description_eco',
  'description',
  'image',
  'groups',
  'dayparts',
  'allergens',
  'tags',
] as const;
type Field = (typeof FIELDS)[number];

const LABELS: Record<Field, string> = {
  title: 'Nombre',
  category_id: 'Categoría',
  price: 'Precio',
  description_eco: 'Descripción corta',
  description: 'Descripción',
  image: 'Foto',
  groups: 'Grupos de opciones',
  dayparts: 'Horario de venta',
  allergens: 'Alérgenos',
  tags: 'Etiquetas',
};

/** Groups as saved: the editor's row keys are made up per form and mean nothing. */
const savedShape = (groups: readonly GroupDraft[]) =>
  JSON.stringify(
    groups.map(({ key: _group, options, ...group }) => ({
      ...group,
      options: options.map(({ key: _option, ...option }) => option),
    })),
  );

const sameField = (field: Field, a: unknown, b: unknown) =>
  field === 'groups'
    ? savedShape(a as GroupDraft[]) === savedShape(b as GroupDraft[])
    : JSON.stringify(a) === JSON.stringify(b);

export interface ProductConflict {
  message: string;
  /** The product as the other admin saved it, and its version: the next save's base. */
  current: AdminProduct;
  theirs: ProductDraft;
  merge: ThreeWayMerge<ProductDraft, Field>;
}

/**
 * A 409 on a product's save: the saved product from the answer's `current`, merged with this
 * editor's draft field by field against the draft it started from. Null when the answer carries
 * no product (the editor then offers to reload).
 */
export function productConflict(
  message: string,
  body: unknown,
  drafts: { base: ProductDraft; yours: ProductDraft },
): ProductConflict | null {
  const parsed = adminProductSchema.safeParse(
    typeof body === 'object' && body !== null ? (body as { current?: unknown }).current : null,
  );
  if (!parsed.success) return null;
  const theirs = draftFrom(parsed.data);
  const merge = mergeThreeWay(FIELDS, { ...drafts, theirs }, sameField);
  return { message, current: parsed.data, theirs, merge };
}

/** Each side of a field as the admin reads it. */
function shown(field: Field, draft: ProductDraft, categoryTitle: (id: string) => string): string {
  switch (field) {
    case 'price': {
      const pesos = parsePesos(draft.price);
      return Number.isNaN(pesos) ? draft.price : formatMoney(pesos);
    }
    case 'category_id':
      return categoryTitle(draft.category_id);
    case 'image':
      return draft.image ? (draft.image.split('/').pop() ?? draft.image) : 'Sin foto';
    case 'groups':
      return draft.groups.length === 0
        ? 'Sin grupos'
        : draft.groups
            .map((group) => `${group.title || 'Sin nombre'} (${group.options.length} opciones)`)
            .join(' · ');
    case 'dayparts':
      return draft.dayparts.length === 0 ? 'Siempre' : describeDayparts(draft.dayparts);
    case 'allergens':
      return draft.allergens.map((code) => allergenLabel(code) ?? code).join(', ') || 'Ninguno';
    case 'tags':
      return draft.tags.map((code) => dietaryTagLabel(code) ?? code).join(', ') || 'Ninguna';
    default:
      return draft[field];
  }
}

export function conflictRows(
  conflict: ProductConflict,
  yours: ProductDraft,
  categoryTitle: (id: string) => string,
): { rows: ConflictRow[]; taken: string[] } {
  return {
    rows: conflict.merge.conflicts.map((field) => ({
      key: field,
      label: LABELS[field],
      yours: shown(field, yours, categoryTitle),
      theirs: shown(field, conflict.theirs, categoryTitle),
    })),
    taken: conflict.merge.taken.map((field) => LABELS[field]),
  };
}

export const isProductField = (key: string): key is Field =>
  (FIELDS as readonly string[]).includes(key);
