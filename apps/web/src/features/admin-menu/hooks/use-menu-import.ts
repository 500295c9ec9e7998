import { MENU_CSV_MAX_CHARS, MENU_CSV_MESSAGES, type MenuImport } from '@comanda/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import { conflictCurrent } from '@/lib/form/form-conflict';
import { useApplyMenuImport, usePreviewMenuImport } from '../api/menu-csv';

/**
 * Menú › Hoja de cálculo's import: a chosen file previewed (what it would change), then applied
 * exactly as previewed. A 409 on applying brings what the same file would change now, which
 * replaces the preview.
 */
export function useMenuImport() {
  const preview = usePreviewMenuImport();
  const apply = useApplyMenuImport();
  // The file the preview answered: applying sends exactly it.
  const [shown, setShown] = useState<{ csv: string; name: string; result: MenuImport } | null>(
    null,
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const previewRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState('');

  /** The file input empty again, so the same file can be chosen once more. */
  const forgetFile = () => {
    setChosen('');
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setShown(null);
    setDone('');
    setFileError(null);
    preview.reset();
    apply.reset();
    setChosen(file?.name ?? '');
    if (!file) return;
    // Characters are at most bytes: a file within this many bytes fits the server's limit.
    if (file.size > MENU_CSV_MAX_CHARS * 4) return setFileError(MENU_CSV_MESSAGES.file);
    const csv = await file.text();
    preview.mutate(csv, {
      onSuccess: (result) => {
        setShown({ csv, name: file.name, result });
        requestAnimationFrame(() => previewRef.current?.focus());
      },
    });
  };

  const onApply = () => {
    if (!shown) return;
    apply.mutate(
      { csv: shown.csv, version: shown.result.version },
      {
        onSuccess: (applied) => {
          setShown(null);
          forgetFile();
          setDone(`Listo: ${applied.summary}. Las tiendas ya muestran los cambios.`);
        },
        onError: (error) => {
          const current = conflictCurrent(error) as MenuImport | null | undefined;
          if (current) setShown({ ...shown, result: current });
        },
      },
    );
  };

  const onCancel = () => {
    setShown(null);
    forgetFile();
    apply.reset();
  };

  return {
    preview,
    apply,
    shown,
    fileError,
    done,
    chosen,
    previewRef,
    inputRef,
    busy: preview.isPending || apply.isPending,
    onFile,
    onApply,
    onCancel,
  };
}
