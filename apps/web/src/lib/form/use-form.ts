import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '../unsaved-changes';
import type { ConflictSetup } from './form-conflict';
import { stateConflict, type FormState, type StateConflict } from './list-conflict';
import type { ListField, RowsOf } from './list-fields';
import { useListRows } from './use-list-rows';
import {
  firstInvalid,
  hasProblems,
  noProblems,
  problemsFromError,
  type FormProblems,
} from './problems';

/** The props that tie a control to its field: value, message and change handler. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

interface Options<Field extends string, Answer, Lists> {
  /** The fields the form shows, in their order on screen: focus goes to the first wrong one. */
  fields: readonly Field[];
  initial: Record<Field, string>;
  /**
   * List fields (exceptions, zones, option groups): each list's first rows, by its name, which is
   * also its name in the body (a message at `zones.2.fee` goes beside row 2's `fee`).
   */
  lists?: RowsOf<Lists>;
  /**
   * The check the server makes (the same shared schema), run in the browser before sending:
   * `problemsFromParse(schema.safeParse(body), fields, listNames)` sorts a list's messages too.
   */
  check: (values: Record<Field, string>, lists: RowsOf<Lists>) => FormProblems<Field>;
  /**
   * `saved`: after a conflict was settled, the version of the other admin's save, which the next
   * save is made over (the record the form was opened with is older).
   */
  send: (
    values: Record<Field, string>,
    saved: { version: number } | null,
    lists: RowsOf<Lists>,
  ) => Promise<Answer>;
  onSent: (answer: Answer, values: Record<Field, string>) => void;
  /**
   * For a versioned record: a 409 shows yours and theirs side by side (`conflict`) instead of a
   * message; the lists it names (`conflict.lists`) merge row by row.
   */
  conflict?: ConflictSetup<Field, Lists>;
  /**
   * Whether leaving with unsent changes asks first (the default). A form whose values are not
   * work to lose (a login, a code) says false.
   */
  guard?: boolean;
}

/**
 * Where focus goes after a failed attempt, applied once React has put the messages on screen (a
 * heading exists only from then on): the form message when it is shown as a heading
 * (`messageRef` attached), else the first wrong field of `formRef`'s form.
 */
function useFocusAfterAttempt<Field extends string>(fields: readonly Field[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLHeadingElement>(null);
  // A new object each time, so a second failed attempt moves focus again.
  const [focusTarget, setFocusTarget] = useState<{ problems: FormProblems<Field> } | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    const heading = messageRef.current;
    if (focusTarget.problems.form !== null && heading) {
      heading.focus();
      heading.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    const field = firstInvalid(focusTarget.problems, fields);
    const control = field === undefined ? null : formRef.current?.elements.namedItem(field);
    if (control instanceof HTMLElement) control.focus();
  }, [focusTarget, fields]);
  const focusOn = (problems: FormProblems<Field>) => setFocusTarget({ problems });
  return { formRef, messageRef, focusOn };
}

/**
 * The one behaviour of the storefront's forms: values; a submit that checks first, sends once
 * and moves focus to what needs fixing; and messages that last as long as what they are about.
 * Once the customer has tried to send, every change is checked again, so a fixed field's message
 * goes as it is typed and a still-wrong one stays. A message the server gave beside a field
 * stays until that field is edited; the form message stays until the next send.
 *
 * Values that differ from the last saved (or loaded) ones are guarded: a link, a section's tab
 * or closing the tab asks first (lib/unsaved-changes.ts).
 *
 * Focus after a failed attempt: the form message when the form shows it as a heading
 * (`messageRef` attached), else the first wrong field.
 */
export function useForm<Field extends string, Answer, Lists = Record<never, object>>({
  fields,
  initial,
  lists: initialLists = {} as RowsOf<Lists>,
  check,
  send,
  onSent,
  conflict: conflictSetup,
  guard = true,
}: Options<Field, Answer, Lists>) {
  const [values, setValues] = useState(initial);
  const rows = useListRows<Lists>(initialLists);
  // What was last saved (or loaded): values and rows that differ from it are work to lose.
  const [baseline, setBaseline] = useState<FormState<Field, Lists>>({
    values: initial,
    lists: initialLists,
  });
  const changed = fields.some((field) => values[field] !== baseline.values[field]);
  useUnsavedChanges(guard && (changed || rows.differFrom(baseline.lists)));
  const [attempted, setAttempted] = useState(false);
  // The last send's refusal, less the fields edited since.
  const [answered, setAnswered] = useState<FormProblems<Field>>(noProblems);
  const [sending, setSending] = useState(false);
  const [conflict, setConflict] = useState<StateConflict<Field, Lists> | null>(null);
  const [saved, setSaved] = useState<{ version: number } | null>(null);
  // A ref, not state: two submits in one frame both see the first one's claim.
  const inFlight = useRef(false);
  const { formRef, messageRef, focusOn } = useFocusAfterAttempt(fields);

  const local = attempted ? check(values, rows.plain) : noProblems<Field>();
  const problems: FormProblems<Field> = {
    fields: { ...answered.fields, ...local.fields },
    form: local.form ?? answered.form,
  };

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setAnswered((current) => {
      if (current.fields[field] === undefined) return current;
      const rest = { ...current.fields };
      delete rest[field];
      return { ...current, fields: rest };
    });
  };

  /** A send that failed: a 409 with the record merges (`conflict`), anything else is said. */
  const refused = (error: unknown, sent: typeof rows.lists) => {
    const yours = { values, lists: rows.plain };
    const found =
      conflictSetup && stateConflict(error, fields, conflictSetup, { base: baseline, yours });
    if (found) {
      // What only the other admin changed is taken at once, so the form says what the box says.
      setValues(valuesIn(fields, found.merge.merged));
      rows.merged(found, conflictSetup?.lists ?? {});
      setConflict(found);
      return;
    }
    const refusal = problemsFromError(error, fields, Object.keys(initialLists));
    setAnswered(refusal);
    rows.answer(refusal.rows, sent);
    focusOn(refusal);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setAttempted(true);
    setAnswered(noProblems());
    rows.answer(undefined, rows.lists);
    const found = check(values, rows.plain);
    if (hasProblems(found)) {
      focusOn(found);
      return;
    }
    inFlight.current = true;
    setSending(true);
    const sent = { values, lists: rows.plain };
    let answer: Answer;
    try {
      answer = await send(values, saved, sent.lists);
    } catch (error) {
      refused(error, rows.lists);
      return;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
    setBaseline(sent);
    // Saved: the record the screen reads again carries the version from here on.
    setSaved(null);
    onSent(answer, values);
  };

  /** The props that tie a field to the form: its value, its message and its change handler. */
  const bind = (field: Field): FieldBinding => ({
    name: field,
    value: values[field],
    error: problems.fields[field],
    onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
  });

  /** The admin's answer to a conflict: the other admin's value where chosen, over their save. */
  const settle = (takeTheirs: ReadonlySet<string>) => {
    if (!conflict) return;
    setValues((current) => {
      const next = { ...current };
      for (const field of fields)
        if (conflict.merge.conflicts.includes(field) && takeTheirs.has(field))
          next[field] = conflict.theirs[field]!;
      return next;
    });
    rows.take(conflict, takeTheirs, conflictSetup?.lists ?? {});
    setBaseline(conflict.theirState);
    setSaved({ version: conflict.version });
    setConflict(null);
  };

  return {
    values,
    setValue,
    /** The list fields, by name: their rows, edits and the messages beside each row's fields. */
    lists: rows.fields(local.rows),
    problems,
    sending,
    onSubmit,
    formRef,
    messageRef,
    bind,
    conflict: conflict && { ...conflict, onResolve: settle },
  };
}

/** The text fields' values out of a merge's texts (which also hold the lists' rows). */
const valuesIn = <Field extends string>(fields: readonly Field[], texts: Record<string, string>) =>
  Object.fromEntries(fields.map((field) => [field, texts[field] ?? ''])) as Record<Field, string>;

export type { ListField };
