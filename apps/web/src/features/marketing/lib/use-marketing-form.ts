import { useEffect, useRef, useState, type FormEvent } from 'react';
import { firstInvalid, hasProblems, noProblems, problemsFromError, type FormProblems } from './form-answer';

/**
 * Spec §4 load states of these forms: 0 idle, 1 sending, 2 done, 3 field errors, 4 single error.
 */
export type FormState = 0 | 1 | 2 | 3 | 4;

interface Options<Field extends string> {
  /** The fields the form shows, in their order on screen (focus goes to the first wrong one). */
  fields: readonly Field[];
  initial: Record<Field, string>;
  /** The same check the server makes, in the browser, before anything is sent. */
  check: (values: Record<Field, string>) => FormProblems<Field>;
  send: (values: Record<Field, string>) => Promise<unknown>;
  onSent: (values: Record<Field, string>) => void;
}

/** The shared behaviour of the discount and courtesy forms. */
export function useMarketingForm<Field extends string>({ fields, initial, check, send, onSent }: Options<Field>) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<FormProblems<Field>>(noProblems);
  const [state, setState] = useState<FormState>(0);
  // Once the customer has tried to send, each keystroke re-checks, so a fixed field's message goes away.
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Where focus goes once the messages are on screen: set with them, applied after React commits
  // them (the heading only exists from then on).
  const [focusTarget, setFocusTarget] = useState<{ to: Field | 'heading' } | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.to === 'heading') {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    const control = formRef.current?.elements.namedItem(focusTarget.to);
    if (control instanceof HTMLElement) control.focus();
  }, [focusTarget]);

  function show(next: FormProblems<Field>) {
    setProblems(next);
    setState(next.heading !== null && Object.keys(next.fields).length === 0 ? 4 : 3);
    // The heading when there is one, else the first wrong field. A new object each time, so a
    // second failed attempt moves focus again.
    const field = firstInvalid(next, fields);
    setFocusTarget({ to: next.heading !== null || field === undefined ? 'heading' : field });
  }

  function setValue(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setProblems({ fields: check(next).fields, heading: null });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 1) return;
    setAttempted(true);
    const local = check(values);
    if (hasProblems(local)) {
      show(local);
      return;
    }
    setProblems(noProblems());
    setState(1);
    try {
      await send(values);
      setState(2);
      onSent(values);
    } catch (error) {
      show(problemsFromError(error, fields));
    }
  }

  return { values, setValue, problems, state, sending: state === 1, onSubmit, formRef, headingRef };
}
