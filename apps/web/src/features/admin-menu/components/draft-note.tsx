import type { AdminProduct } from '@comanda/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSetProductVisibility } from '../api/set-product-visibility';
import styles from './product-editor.module.css';

/**
 * A hidden product, the back office's draft (a new one, or a copy just made): what it is, and the
 * one button that puts it on sale at the branches that offer it. `onPublished` hands the editor
 * the version the publishing wrote, so its next save is not refused as someone else's change.
 */
export function DraftNote({
  product,
  onPublished,
}: {
  product: AdminProduct;
  onPublished: (version: number) => void;
}) {
  const copied = (useLocation().state as { copied?: boolean } | null)?.copied === true;
  const publish = useSetProductVisibility();
  const [published, setPublished] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!product.hidden) {
    return (
      <p role="status" className={styles.copyNote}>
        {published ? 'Publicado: ya se ve en la tienda de las sedes que lo ofrecen.' : ''}
      </p>
    );
  }
  const submit = () => {
    setProblem(null);
    publish.mutate(
      { id: product.id, hidden: false, version: product.version },
      {
        onSuccess: (saved) => {
          setPublished(true);
          onPublished(saved.version);
        },
        onError: (error) =>
          setProblem(error instanceof ApiError ? error.message : 'No pudimos publicarlo.'),
      },
    );
  };
  return (
    <div className={styles.draft}>
      <p role="status">
        {copied ? 'Copia creada con sus opciones y lo que hace cada sede. ' : ''}
        <strong>Borrador:</strong> la tienda no lo muestra. Revisa la vista previa y en qué sedes se
        ofrece, y publícalo cuando esté listo.
      </p>
      <Button onClick={submit} disabled={publish.isPending}>
        {publish.isPending ? 'Publicando…' : 'Publicar'}
      </Button>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  );
}
