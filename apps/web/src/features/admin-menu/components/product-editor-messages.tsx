import type { AdminCategory } from '@comanda/shared';
import type { Ref } from 'react';
import { ConflictChoice } from '@/components/admin/conflict-choice';
import { Button } from '@/components/ui/button';
import { conflictRows } from '../lib/product-conflict';
import type { ProductForm } from '../hooks/use-product-form';
import styles from './product-editor.module.css';

interface ProductEditorMessagesProps {
  form: ProductForm;
  /** Focused after a 409. */
  messageRef: Ref<HTMLDivElement>;
  categories: readonly AdminCategory[] | undefined;
  /** "Recargar": the form starts again from the latest save. */
  onReload: () => void;
}

/**
 * What a save answered, above the form and focused after a 409: the conflict view, a reload when
 * the other admin's copy did not come, or the form's own message.
 */
export function ProductEditorMessages({
  form,
  messageRef,
  categories,
  onReload,
}: ProductEditorMessagesProps) {
  const { conflict, staleMessage, formMessage } = form;
  return (
    <div ref={messageRef} tabIndex={-1} className={styles.messages}>
      {conflict ? (
        <ConflictChoice
          message={conflict.message}
          {...conflictRows(
            conflict,
            form.draft,
            (id) => categories?.find((c) => String(c.id) === id)?.title ?? id,
          )}
          onResolve={form.resolve}
        />
      ) : null}
      {staleMessage ? (
        <div className={styles.conflict} role="alert">
          <p>{staleMessage}</p>
          <Button
            onClick={() => {
              form.dismissStale();
              onReload();
            }}
          >
            Recargar
          </Button>
        </div>
      ) : null}
      {formMessage ? (
        <p className={styles.formError} role="alert">
          {formMessage}
        </p>
      ) : null}
    </div>
  );
}
