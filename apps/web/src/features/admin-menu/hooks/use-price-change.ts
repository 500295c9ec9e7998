import type { PriceChange, PriceChangeBody } from '@comanda/shared';
import { useRef, useState } from 'react';
import { conflictCurrent } from '@/lib/form/form-conflict';
import { noProblems } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { useApplyPriceChange, usePreviewPriceChange } from '../api/price-change';
import {
  bodyOf,
  formOf,
  PRICE_CHANGE_FIELDS,
  PRICE_CHANGE_START,
  valuesOf,
  type PriceChangeField,
  type PriceChangeForm,
} from '../lib/price-change-form';

/**
 * Menú › Cambiar precios: the form (on the one form hook; "Ver cambios" sends it for a preview),
 * the preview it answered, and applying exactly that preview. A 409 on applying brings what the
 * same change would write now, which replaces the preview.
 */
export function usePriceChange() {
  // The body the preview answered: applying sends exactly it, whatever the form says since.
  const [shown, setShown] = useState<{ body: PriceChangeBody; change: PriceChange } | null>(null);
  const [done, setDone] = useState('');
  const preview = usePreviewPriceChange();
  const apply = useApplyPriceChange();
  const previewRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<PriceChangeField, { body: PriceChangeBody; change: PriceChange }>({
    fields: PRICE_CHANGE_FIELDS,
    initial: PRICE_CHANGE_START,
    // The server checks the change (its messages name the fields): nothing to check first.
    check: () => noProblems(),
    send: async (values) => {
      setDone('');
      apply.reset();
      const body = bodyOf(formOf(values));
      return { body, change: await preview.mutateAsync(body) };
    },
    onSent: (answer) => {
      setShown(answer);
      requestAnimationFrame(() => previewRef.current?.focus());
    },
    // A choice of what to change, not work to lose.
    guard: false,
  });

  const change = (patch: Partial<PriceChangeForm>) => {
    for (const [field, value] of Object.entries(valuesOf(patch)))
      form.setValue(field as PriceChangeField, value);
    // Any edit makes the preview and its messages out of date: they go until the next "Ver cambios".
    setShown(null);
    setDone('');
    apply.reset();
  };

  const onApply = () => {
    if (!shown) return;
    apply.mutate(
      { body: shown.body, version: shown.change.version },
      {
        onSuccess: (applied) => {
          setShown(null);
          setDone(`Listo: ${applied.summary}. Las tiendas ya muestran los precios nuevos.`);
        },
        onError: (error) => {
          const current = conflictCurrent(error) as PriceChange | null | undefined;
          if (current) setShown({ body: shown.body, change: current });
        },
      },
    );
  };

  return {
    form: formOf(form.values),
    change,
    problems: form.problems,
    sending: form.sending,
    onSubmit: form.onSubmit,
    formRef: form.formRef,
    shown,
    done,
    previewRef,
    applying: apply.isPending,
    applyError: apply.error?.message ?? null,
    onApply,
    onCancel: () => setShown(null),
  };
}
