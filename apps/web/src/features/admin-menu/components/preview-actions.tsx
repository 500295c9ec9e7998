import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';

interface PreviewActionsProps {
  /** The screen's own row of buttons. */
  className: string | undefined;
  applying: boolean;
  /** Why applying failed. */
  error: string | null;
  /** Nothing may be applied (the file has errors or changes nothing): only "Cerrar". */
  blocked?: boolean;
  onApply: () => void;
  onCancel: () => void;
}

/** Under a preview of changes to the menu (prices, a spreadsheet): apply them all, or not. */
export function PreviewActions({
  className,
  applying,
  error,
  blocked = false,
  onApply,
  onCancel,
}: PreviewActionsProps) {
  return (
    <>
      <FormAlert message={error} />
      <div className={className}>
        {blocked ? null : (
          <Button onClick={onApply} disabled={applying}>
            {applying ? 'Aplicando…' : 'Aplicar cambios'}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={applying}>
          {blocked ? 'Cerrar' : 'Cancelar'}
        </Button>
      </div>
    </>
  );
}
