import { useRef, useState, type FormEvent } from 'react';
import { firstInvalid, problemsFromError, type FieldErrors } from './field-errors';

interface Options<Field extends string, Answer> {
  fields: readonly Field[];
  initial: Record<Field, string>;
  /** The same schema the server uses, run before sending: field → first message. */
  check: (values: Record<Field, string>) => FieldErrors<Field>;
  send: (values: Record<Field, string>) => Promise<Answer>;
  onSent: (answer: Answer) => void;
}

/**
 * State of a small account form: values, the error beside each field, a form-level message,
 * and a submit that checks first, sends once, and moves focus to the first wrong field.
 */
export function useAccountForm<Field extends string, Answer>({
  fields,
  initial,
  check,
  send,
  onSent,
}: Options<Field, Answer>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusField = (field: Field | undefined) => {
    if (!field) return;
    const control = formRef.current?.elements.namedItem(field);
    if (control instanceof HTMLElement) control.focus();
  };

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The message goes once the customer fixes the field, not at the next submit.
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    const found = check(values);
    setErrors(found);
    const invalid = firstInvalid(fields, found);
    if (invalid) {
      focusField(invalid);
      return;
    }
    setSending(true);
    try {
      const answer = await send(values);
      setSending(false);
      onSent(answer);
    } catch (error) {
      setSending(false);
      const problems = problemsFromError(error, fields);
      setErrors(problems.fields);
      setFormError(problems.form);
      focusField(firstInvalid(fields, problems.fields));
    }
  };

  return { values, errors, formError, sending, setValue, onSubmit, formRef };
}
