import type { z } from 'zod';
import { useState, type ReactNode } from 'react';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm } from '@/lib/form/use-form';
import { matches } from '../lib/matches';
import { moved } from '../lib/move';
import { OrderArrows } from './order-arrows';
import { FormButtons } from './form-buttons';
import { styles } from './content-styles';

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
      <FormButtons sending={sending} save={props.submitLabel} onCancel={props.onCancel} />
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
  const { busy, problem, run } = useRun();
  const all = props.query.data ?? [];
  const searching = search.trim() !== '';

  return (
    <AdminSection
      title={props.title}
      description={props.description}
      search={{ label: props.searchLabel, value: search, onChange: setSearch }}
    >
      <AddItem list={props} />
      <AdminList
        look="cards"
        label={props.title}
        query={props.query}
        items={all.filter((item) => matches(search, item.description))}
        loading="Cargando…"
        failed="No pudimos cargar la lista."
        failedDetail
        empty={searching ? 'Nada coincide con la búsqueda.' : `Aún no hay ningún ${props.noun}.`}
        problem={problem}
      >
        {(item) => {
          const index = all.indexOf(item);
          return (
            <NamedRow
              key={item.id}
              item={item}
              list={props}
              busy={busy}
              run={run}
              renaming={renaming === item.id}
              onRename={(open) => setRenaming(open ? item.id : null)}
            >
              {searching ? null : (
                <OrderArrows
                  name={item.description}
                  first={index === 0}
                  last={index === all.length - 1}
                  disabled={busy}
                  onMove={(step) => void run(() => props.reorder(moved(all, index, step)))}
                />
              )}
            </NamedRow>
          );
        }}
      </AdminList>
    </AdminSection>
  );
}

/** The form that adds an item: emptied (made anew) after each one. */
function AddItem<T extends NamedItem>({ list }: { list: NamedListProps<T> }) {
  const [adding, setAdding] = useState(0);
  return (
    <div className={styles.form}>
      <NameForm
        key={adding}
        label={list.addLabel}
        initial=""
        submitLabel="Agregar"
        schema={list.schema}
        active
        send={list.create}
        onDone={() => setAdding((n) => n + 1)}
      />
    </div>
  );
}

/** One change at a time: whether one is on its way, and the last one's refusal. */
function useRun() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
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
  return { busy, problem, run };
}

/** An item's card: its name, note and state, renamed in place; `children` are its arrows. */
function NamedRow<T extends NamedItem>({
  item,
  list,
  busy,
  run,
  renaming,
  onRename,
  children,
}: {
  item: T;
  list: NamedListProps<T>;
  busy: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
  /** Whether its name is being changed: one item at a time. */
  renaming: boolean;
  onRename: (open: boolean) => void;
  children: ReactNode;
}) {
  if (renaming)
    return (
      <li className={`${styles.card} ${item.active ? '' : styles.cardMuted}`}>
        <div className={styles.body}>
          <NameForm
            label={`Nuevo nombre de «${item.description}»`}
            initial={item.description}
            submitLabel="Guardar"
            schema={list.schema}
            active={item.active}
            send={(description) => list.update(item, { description, active: item.active })}
            onDone={() => onRename(false)}
            onCancel={() => onRename(false)}
          />
        </div>
      </li>
    );
  return (
    <li className={`${styles.card} ${item.active ? '' : styles.cardMuted}`}>
      <NamedBody item={item} list={list} />
      <div className={styles.actions}>
        {children}
        <Button variant="secondary" onClick={() => onRename(true)}>
          Renombrar
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() =>
            void run(() =>
              list.update(item, { description: item.description, active: !item.active }),
            )
          }
        >
          {item.active ? 'Desactivar' : 'Activar'}
        </Button>
        {list.extra?.(item)}
      </div>
    </li>
  );
}

function NamedBody<T extends NamedItem>({ item, list }: { item: T; list: NamedListProps<T> }) {
  return (
    <div className={styles.body}>
      <span className={styles.name}>{item.description}</span>
      {list.note ? <span className={styles.meta}>{list.note(item)}</span> : null}
      <span className={`${styles.badge} ${item.active ? '' : styles.badgeOff}`}>
        {item.active ? list.onLabel : list.offLabel}
      </span>
    </div>
  );
}
