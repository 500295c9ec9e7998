import type { z } from 'zod';
import { useState, type ReactNode } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { matches } from '../lib/matches';
import { moved } from '../lib/move';
import { OrderArrows } from './order-arrows';
import styles from './content.module.css';

export interface NamedItem {
  id: number;
  description: string;
  active: boolean;
}

const FIELDS = ['description'] as const;
type Field = (typeof FIELDS)[number];

/** One text field and a button: adding an item, or renaming one in place. */
function NameForm(props: {
  label: string;
  initial: string;
  submitLabel: string;
  schema: z.ZodType;
  active: boolean;
  send: (description: string) => Promise<unknown>;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { problems, sending, onSubmit, formRef, bind } = useForm<Field, unknown>({
    fields: FIELDS,
    initial: { description: props.initial },
    check: (values) =>
      problemsFromParse(
        props.schema.safeParse({ description: values.description, active: props.active }),
        FIELDS,
      ),
    send: (values) => props.send(values.description),
    onSent: props.onDone,
  });
  return (
    <form
      className={styles.inline}
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <TextField label={props.label} autoComplete="off" {...bind('description')} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Guardando…' : props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancelar
          </Button>
        ) : null}
      </div>
      <FormAlert message={problems.form} />
    </form>
  );
}

interface NamedListProps<T extends NamedItem> {
  title: string;
  description: string;
  /** "método de pago", "opción": for labels and messages. */
  noun: string;
  addLabel: string;
  searchLabel: string;
  query: {
    data: T[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  schema: z.ZodType;
  create: (description: string) => Promise<unknown>;
  update: (item: T, changes: { description: string; active: boolean }) => Promise<unknown>;
  reorder: (ids: number[]) => Promise<unknown>;
  /** Words beside an item (how many signups chose it). */
  note?: (item: T) => ReactNode;
  /** An extra action per row (Quitar). */
  extra?: (item: T) => ReactNode;
  offLabel: string;
  onLabel: string;
}

/** A list the storefront shows by name and in order: add, rename, reorder, switch off. */
export function NamedList<T extends NamedItem>(props: NamedListProps<T>) {
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<number | null>(null);
  const [adding, setAdding] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const all = props.query.data ?? [];
  const shown = all.filter((item) => matches(search, item.description));
  const searching = search.trim() !== '';

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'No pudimos guardar el cambio.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminSection
      title={props.title}
      description={props.description}
      search={{ label: props.searchLabel, value: search, onChange: setSearch }}
    >
      <div className={styles.form}>
        <NameForm
          key={adding}
          label={props.addLabel}
          initial=""
          submitLabel="Agregar"
          schema={props.schema}
          active
          send={props.create}
          onDone={() => setAdding((n) => n + 1)}
        />
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      {props.query.isPending ? (
        <p className={styles.state}>Cargando…</p>
      ) : props.query.isError ? (
        <ErrorState
          message="No pudimos cargar la lista."
          detail={props.query.error?.message}
          onRetry={() => void props.query.refetch()}
        />
      ) : shown.length === 0 ? (
        <p className={styles.state}>
          {searching ? 'Nada coincide con la búsqueda.' : `Aún no hay ningún ${props.noun}.`}
        </p>
      ) : (
        <ul className={styles.list} aria-label={props.title}>
          {shown.map((item) => {
            const index = all.indexOf(item);
            return (
              <li key={item.id} className={`${styles.card} ${item.active ? '' : styles.cardMuted}`}>
                {renaming === item.id ? (
                  <div className={styles.body}>
                    <NameForm
                      label={`Nuevo nombre de «${item.description}»`}
                      initial={item.description}
                      submitLabel="Guardar"
                      schema={props.schema}
                      active={item.active}
                      send={(description) =>
                        props.update(item, { description, active: item.active })
                      }
                      onDone={() => setRenaming(null)}
                      onCancel={() => setRenaming(null)}
                    />
                  </div>
                ) : (
                  <>
                    <div className={styles.body}>
                      <span className={styles.name}>{item.description}</span>
                      {props.note ? <span className={styles.meta}>{props.note(item)}</span> : null}
                      <span className={`${styles.badge} ${item.active ? '' : styles.badgeOff}`}>
                        {item.active ? props.onLabel : props.offLabel}
                      </span>
                    </div>
                    <div className={styles.actions}>
                      {searching ? null : (
                        <OrderArrows
                          name={item.description}
                          first={index === 0}
                          last={index === all.length - 1}
                          disabled={busy}
                          onMove={(step) => void run(() => props.reorder(moved(all, index, step)))}
                        />
                      )}
                      <Button variant="secondary" onClick={() => setRenaming(item.id)}>
                        Renombrar
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        onClick={() =>
                          void run(() =>
                            props.update(item, {
                              description: item.description,
                              active: !item.active,
                            }),
                          )
                        }
                      >
                        {item.active ? 'Desactivar' : 'Activar'}
                      </Button>
                      {props.extra?.(item)}
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </AdminSection>
  );
}
