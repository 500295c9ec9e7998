import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '../unsaved-changes';
import { formConflict, type ConflictSetup, type FormConflict } from './form-conflict';
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

interface Options<Field extends string, Answer> {
  /** The fields the form shows, in their order on screen: focus goes to the first wrong one. */
  fields: readonly Field[];
  initial: Record<Field, string>;
  /** The check the server makes (the same shared schema), run in the browser before sending. */
  check: (values: Record<Field, string>) => FormProblems<Field>;
  /**
   * `saved`: after a conflict was settled, the version of the other admin's save, which the next
   * save is made over (the record the form was opened with is older).
   */
  send: (values: Record<Field, string>, saved: { version: number } | null) => Promise<Answer>;
  onSent: (answer: Answer, values: Record<Field, string>) => void;
  /** For a versioned record: a 409 shows yours and theirs side by side (`conflict`) instead of a message. */
  conflict?: ConflictSetup<Field>;
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
export function useForm<Field extends string, Answer>({
  fields,
  initial,
  check,
  send,
  onSent,
  conflict: conflictSetup,
  guard = true,
}: Options<Field, Answer>) {
  const [values, setValues] = useState(initial);
  // What was last saved (or loaded): values that differ from it are work that would be lost.
  const [baseline, setBaseline] = useState(initial);
  useUnsavedChanges(guard && fields.some((field) => values[field] !== baseline[field]));
  const [attempted, setAttempted] = useState(false);
  // The last send's refusal, less the fields edited since.
  const [answered, setAnswered] = useState<FormProblems<Field>>(noProblems);
  const [sending, setSending] = useState(false);
  const [conflict, setConflict] = useState<FormConflict<Field> | null>(null);
  const [saved, setSaved] = useState<{ version: number } | null>(null);
  // A ref, not state: two submits in one frame both see the first one's claim.
  const inFlight = useRef(false);
  const { formRef, messageRef, focusOn } = useFocusAfterAttempt(fields);

  const local = attempted ? check(values) : noProblems<Field>();
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setAttempted(true);
    setAnswered(noProblems());
    const found = check(values);
    if (hasProblems(found)) {
      focusOn(found);
      return;
    }
    inFlight.current = true;
    setSending(true);
    let answer: Answer;
    try {
      answer = await send(values, saved);
    } catch (error) {
      const found =
        conflictSetup &&
        formConflict(error, fields, conflictSetup, { base: baseline, yours: values });
      if (found) {
        // What only the other admin changed is taken at once, so the form says what the box says.
        setValues(found.merge.merged);
        setConflict(found);
        return;
      }
      const refused = problemsFromError(error, fields);
      setAnswered(refused);
      focusOn(refused);
      return;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
    setBaseline(values);
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
      for (const field of conflict.merge.conflicts)
        if (takeTheirs.has(field)) next[field] = conflict.theirs[field];
      return next;
    });
    setBaseline(conflict.theirs);
    setSaved({ version: conflict.version });
    setConflict(null);
  };

  return {
    values,
    setValue,
    problems,
    sending,
    onSubmit,
    formRef,
    messageRef,
    bind,
    conflict: conflict && { ...conflict, onResolve: settle },
  };
}
