import type { AdminProduct } from '@comanda/shared';
import { useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { panelHref } from '@/config/panel-paths';
import { ApiError } from '@/lib/api-client';
import { resolveMerge } from '@/lib/form/three-way-merge';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { useSaveProduct } from '../api/save-product';
import {
  bodyFrom,
  checkDraft,
  hasDraftProblems,
  PRODUCT_FIELDS,
  type DraftProblems,
  type ProductDraft,
  type ProductField,
} from '../lib/product-draft';
import { isProductField, productConflict, type ProductConflict } from '../lib/product-conflict';

const noProblems: DraftProblems = { fields: {}, groups: {} };

/** A text field of the draft that binds like a plain input (the rest have controls of their own). */
export type TextDraftField = Exclude<
  ProductField,
  'modifier_group' | 'image' | 'category_id' | 'dayparts' | 'allergens' | 'tags'
>;

/** A refused save's field messages beside their fields; the rest, and any other failure, for the form. */
function refusalOf(error: unknown): { answered: DraftProblems; message: string | null } {
  if (!(error instanceof ApiError && error.errors)) {
    const message = error instanceof Error ? error.message : 'No pudimos guardar el producto.';
    return { answered: noProblems, message };
  }
  const fields: DraftProblems['fields'] = {};
  const stray: string[] = [];
  for (const [name, messages] of Object.entries(error.errors)) {
    if ((PRODUCT_FIELDS as readonly string[]).includes(name))
      fields[name as ProductField] = messages[0];
    else stray.push(...messages);
  }
  return { answered: { fields, groups: {} }, message: stray.join(' ') || null };
}

/** Focus after a failed check: the first wrong field, else the first group with messages. */
function focusFirstProblem(form: HTMLFormElement, found: DraftProblems) {
  const first = PRODUCT_FIELDS.find((field) => found.fields[field]);
  form
    .querySelector<HTMLElement>(first ? `[name="${first}"]` : 'fieldset[aria-describedby]')
    ?.focus();
}

/**
 * The product editor's draft (its own shape: groups and options, decision 051): edits, the
 * shared schema's check once a save was tried, the save with the version it claims to replace,
 * and a 409 as the conflict view (or, without the other admin's copy, a message to reload), with
 * focus on `messageRef`, the box that says it.
 */
export function useProductForm(
  product: AdminProduct | null,
  initial: ProductDraft,
  messageRef: RefObject<HTMLDivElement | null>,
) {
  const navigate = useNavigate();
  const save = useSaveProduct();
  const [draft, setDraft] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [answered, setAnswered] = useState<DraftProblems>(noProblems);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  // A 409: the other admin's save, and this draft merged with it field by field.
  const [conflict, setConflict] = useState<ProductConflict | null>(null);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  // What the next save claims to replace: the loaded product, or the other admin's after a merge.
  const [base, setBase] = useState({ draft: initial, version: product?.version ?? null });
  const [saved, setSaved] = useState(false);
  // Leaving with edits not saved asks first (a link, a tab, closing the tab).
  useUnsavedChanges(!saved && JSON.stringify(draft) !== JSON.stringify(base.draft));

  const local = attempted ? checkDraft(draft) : noProblems;
  const problems: DraftProblems = {
    fields: { ...answered.fields, ...local.fields },
    groups: { ...answered.groups, ...local.groups },
  };
  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSaved(false);
    setAnswered((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const bind = (field: TextDraftField) => ({
    name: field,
    value: draft[field],
    error: problems.fields[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      const found = productConflict(error.message, error.body, { base: base.draft, yours: draft });
      if (found) setConflict(found);
      else setStaleMessage(error.message);
      messageRef.current?.focus();
      return;
    }
    const { answered, message } = refusalOf(error);
    setAnswered(answered);
    setFormMessage(message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    setAnswered(noProblems);
    setFormMessage(null);
    const found = checkDraft(draft);
    if (hasDraftProblems(found)) return focusFirstProblem(event.currentTarget, found);
    try {
      const result = await save.mutateAsync({
        id: product?.id ?? null,
        body: bodyFrom(draft),
        version: base.version,
      });
      setSaved(true);
      setBase({ draft, version: result.version });
      if (!product) void navigate(panelHref.product(result.id), { replace: true });
    } catch (error) {
      refused(error);
    }
  };

  /** The admin's answer to a conflict: their value where chosen, over their save. */
  const resolve = (takeTheirs: ReadonlySet<string>) => {
    if (!conflict) return;
    const fields = [...takeTheirs].filter(isProductField);
    setDraft(resolveMerge(conflict.merge, conflict.theirs, new Set(fields)));
    setBase({ draft: conflict.theirs, version: conflict.current.version });
    setConflict(null);
    setSaved(false);
  };

  /** "Recargar" after a 409 without the other admin's copy: the form starts again from it. */
  const dismissStale = () => {
    setStaleMessage(null);
    setAttempted(false);
  };

  return {
    draft,
    problems,
    set,
    bind,
    submit,
    saving: save.isPending,
    saved,
    formMessage,
    staleMessage,
    dismissStale,
    conflict,
    resolve,
    /** A draft's publication moved the product's version on: the next save claims that one. */
    published: (version: number) => setBase((current) => ({ ...current, version })),
  };
}

export type ProductForm = ReturnType<typeof useProductForm>;
