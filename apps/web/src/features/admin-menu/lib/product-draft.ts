import {
  adminProductBody,
  ALLERGEN_CODES,
  canonicalCodes,
  DIETARY_TAG_CODES,
  paysOwnPrice,
  PRODUCT_PLACEHOLDER_IMAGE,
  type AdminGroup,
  type AdminProduct,
  type AdminProductBody,
  type Daypart,
  type Product,
} from '@comanda/shared';
import { randomId } from '@/lib/random-id';

/**
 * The product editor's state: what the inputs hold (text, so a half-typed price stays as typed),
 * turned into the API's body for the shared schema's check and for the save.
 */
export interface OptionDraft {
  key: string;
  id?: number | undefined;
  title: string;
  price: string;
}

export interface GroupDraft {
  key: string;
  id?: number | undefined;
  title: string;
  required: boolean;
  type_input: 1 | 2;
  min: string;
  max: string;
  options: OptionDraft[];
}

export interface ProductDraft {
  category_id: string;
  title: string;
  description: string;
  description_eco: string;
  price: string;
  image: string;
  groups: GroupDraft[];
  /** Its windows as the field holds them (decision 047); none: always offered. */
  dayparts: Daypart[];
  /** Allergen and dietary tag codes ticked (shared dietary.ts). */
  allergens: string[];
  tags: string[];
}

export const PRODUCT_FIELDS = [
  'category_id',
  'title',
  'price',
  'description_eco',
  'description',
  'image',
  'modifier_group',
  'dayparts',
  'allergens',
  'tags',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export const emptyOption = (): OptionDraft => ({ key: randomId(), title: '', price: '0' });

export const emptyGroup = (): GroupDraft => ({
  key: randomId(),
  title: '',
  required: false,
  type_input: 2,
  min: '',
  max: '',
  options: [emptyOption()],
});

export const emptyDraft = (categoryId: number | null): ProductDraft => ({
  category_id: categoryId === null ? '' : String(categoryId),
  title: '',
  description: '',
  description_eco: '',
  price: '',
  image: '',
  groups: [],
  dayparts: [],
  allergens: [],
  tags: [],
});

/** Groups as the editor holds them; `keepIds: false` makes copies (groups are reused by copy). */
export function groupDrafts(groups: readonly AdminGroup[], keepIds = true): GroupDraft[] {
  return groups.map((group) => ({
    key: randomId(),
    id: keepIds ? group.id : undefined,
    title: group.title,
    required: group.required,
    type_input: group.type_input,
    min: group.min === null ? '' : String(group.min),
    max: group.max === null ? '' : String(group.max),
    options: group.modifiers_product.map((option) => ({
      key: randomId(),
      id: keepIds ? option.id : undefined,
      title: option.title,
      price: String(option.price),
    })),
  }));
}

export const draftFrom = (product: AdminProduct): ProductDraft => ({
  category_id: String(product.category_id),
  title: product.title,
  description: product.description,
  description_eco: product.description_eco,
  price: String(product.price),
  image: product.image,
  groups: groupDrafts(product.modifier_group),
  dayparts: product.dayparts,
  allergens: product.allergens,
  tags: product.tags,
});

/**
 * Pesos as typed: "18.000", "18 000" and "$18000" are 18000. Anything else becomes NaN, which
 * the shared schema refuses with its money message.
 */
export function parsePesos(text: string): number {
  const digits = text.replace(/[$\s.]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/** Whether the draft's own price would be paid: not when a size prices every option (decision 052). */
export const draftPaysOwnPrice = (draft: ProductDraft): boolean =>
  paysOwnPrice(
    draft.groups.map((group) => ({
      required: group.required,
      type_input: group.type_input,
      modifiers_product: group.options.map((option) => ({ price: parsePesos(option.price) })),
    })),
  );

const optionalCount = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export function bodyFrom(draft: ProductDraft): AdminProductBody {
  return {
    category_id: draft.category_id === '' ? Number.NaN : Number(draft.category_id),
    title: draft.title,
    description: draft.description,
    description_eco: draft.description_eco,
    price: parsePesos(draft.price),
    image: draft.image,
    modifier_group: draft.groups.map((group) => ({
      ...(group.id === undefined ? {} : { id: group.id }),
      title: group.title,
      required: group.required,
      type_input: group.type_input,
      min: group.type_input === 2 ? optionalCount(group.min) : null,
      max: group.type_input === 2 ? optionalCount(group.max) : null,
      modifiers_product: group.options.map((option) => ({
        ...(option.id === undefined ? {} : { id: option.id }),
        title: option.title,
        price: parsePesos(option.price),
      })),
    })),
    dayparts: draft.dayparts,
    allergens: canonicalCodes(draft.allergens, ALLERGEN_CODES),
    tags: canonicalCodes(draft.tags, DIETARY_TAG_CODES),
  };
}

export interface DraftProblems {
  fields: Partial<Record<ProductField, string>>;
  /** Messages of one group (by its key): the group's own and its options'. */
  groups: Record<string, string[]>;
}

/** The server's check (the same shared schema), with each group's messages beside that group. */
export function checkDraft(draft: ProductDraft): DraftProblems {
  const result = adminProductBody.safeParse(bodyFrom(draft));
  const problems: DraftProblems = { fields: {}, groups: {} };
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    const group =
      field === 'modifier_group' && typeof index === 'number' ? draft.groups[index] : undefined;
    if (group) {
      const list = (problems.groups[group.key] ??= []);
      if (!list.includes(issue.message)) list.push(issue.message);
    } else if (typeof field === 'string' && (PRODUCT_FIELDS as readonly string[]).includes(field)) {
      problems.fields[field as ProductField] ??= issue.message;
    }
  }
  return problems;
}

export const hasDraftProblems = (problems: DraftProblems) =>
  Object.keys(problems.fields).length > 0 || Object.keys(problems.groups).length > 0;

/**
 * The product as the storefront's product page receives it, for the preview: unsaved groups
 * and options get stand-in ids (negative, never sent) so their choices work.
 */
export function previewProduct(
  draft: ProductDraft,
  saved: { id: number; slug: string } | null,
  category: { slug: string; title: string },
): Product {
  let nextId = -1;
  const price = parsePesos(draft.price);
  return {
    id: saved?.id ?? 0,
    slug: saved?.slug ?? 'vista-previa',
    title: draft.title || 'Nombre del producto',
    description: draft.description,
    description_eco: draft.description_eco,
    // As the server will store it: no photo is the placeholder's.
    image: draft.image || PRODUCT_PLACEHOLDER_IMAGE,
    price: Number.isFinite(price) ? price : 0,
    available: true,
    unavailable_reason: null,
    favorite: null,
    category,
    allergens: canonicalCodes(draft.allergens, ALLERGEN_CODES),
    tags: canonicalCodes(draft.tags, DIETARY_TAG_CODES),
    modifier_group: draft.groups.map((group) => ({
      id: group.id ?? nextId--,
      title: group.title || 'Grupo sin nombre',
      required: group.required,
      type_input: group.type_input,
      min_choices: group.type_input === 2 ? optionalCount(group.min) : null,
      max_choices: group.type_input === 2 ? optionalCount(group.max) : null,
      modifiers_product: group.options.map((option) => {
        const optionPrice = parsePesos(option.price);
        return {
          id: option.id ?? nextId--,
          title: option.title || 'Opción sin nombre',
          price: Number.isFinite(optionPrice) ? optionPrice : 0,
          selected: false,
          modifier: { title: option.title },
        };
      }),
    })),
  };
}
