import { surveyOptionBody, type AdminSurveyOption } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCreateSurveyOption } from '../api/create-survey-option';
import { useSurveyOptions } from '../api/get-survey-options';
import { useRemoveSurveyOption } from '../api/remove-survey-option';
import { useReorderSurveyOptions } from '../api/reorder-survey-options';
import { useUpdateSurveyOption } from '../api/update-survey-option';
import { NamedList } from './named-list';

const signups = (n: number) =>
  n === 0
    ? 'Nadie la ha elegido aún'
    : n === 1
      ? 'La eligió 1 inscripción'
      : `La eligieron ${n} inscripciones`;

/** Contenido → Encuesta: the answers to "¿Cómo nos conociste?" on the discount form. */
export function SurveyOptions() {
  const query = useSurveyOptions();
  const create = useCreateSurveyOption();
  const update = useUpdateSurveyOption();
  const reorder = useReorderSurveyOptions();
  const remove = useRemoveSurveyOption();
  const [removing, setRemoving] = useState<AdminSurveyOption | null>(null);
  return (
    <>
      <NamedList
        title="Encuesta"
        description="Las respuestas a «¿Cómo nos conociste?» del formulario de descuento, en este orden."
        noun="opción"
        addLabel="Nueva opción"
        searchLabel="Buscar opciones"
        query={query}
        schema={surveyOptionBody}
        create={(description) => create.mutateAsync({ description })}
        update={(item, changes) =>
          update.mutateAsync({ id: item.id, ...changes, version: item.version })
        }
        reorder={(ids) => reorder.mutateAsync(ids)}
        note={(item) => signups(item.signups)}
        extra={(item) => (
          <Button variant="ghost" onClick={() => setRemoving(item)}>
            Quitar
          </Button>
        )}
        onLabel="Se ofrece"
        offLabel="Oculta"
      />
      <ConfirmDialog
        open={removing !== null}
        title={`¿Quitar «${removing?.description ?? ''}»?`}
        confirmLabel="Quitar"
        busyLabel="Quitando…"
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      >
        {removing && removing.signups > 0
          ? `${signups(removing.signups)}: se ocultará del formulario y esas inscripciones conservan su respuesta.`
          : 'Se eliminará de la encuesta.'}
      </ConfirmDialog>
    </>
  );
}
