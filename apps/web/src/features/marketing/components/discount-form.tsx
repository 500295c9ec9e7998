import { MARKETING_LIMITS, discountBody, type SurveyParameter } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { FormHeadingError, SelectField, TextField } from '@/components/ui/form-field';
import { problemsFromParse } from '@/lib/form/problems';
import { useForm, type FieldBinding } from '@/lib/form/use-form';
import { useCreateDiscount } from '../api/create-discount';
import { NamePhoneFields } from './name-phone-fields';
import styles from './marketing.module.css';

const FIELDS = ['name', 'phone', 'email', 'confirmation', 'address', 'source_id'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = {
  name: '',
  phone: '',
  email: '',
  confirmation: '',
  address: '',
  source_id: '',
};

interface DiscountFormProps {
  branchId: number;
  survey: readonly SurveyParameter[];
  /** Once the signup is stored: its code (or a reminder) goes to the email, not to the screen. */
  onSignedUp: () => void;
}

/** product.md «Screens and routes, Entities, Validation rules and messages»: the discount signup, checked with the server's own schema before it is sent. */
export function DiscountForm({ branchId, survey, onSignedUp }: DiscountFormProps) {
  const createDiscount = useCreateDiscount();
  const { problems, sending, onSubmit, formRef, messageRef, bind } = useForm<Field, unknown>({
    fields: FIELDS,
    initial: EMPTY,
    check: (values) =>
      problemsFromParse(discountBody.safeParse({ ...values, branch_id: branchId }), FIELDS),
    send: (values) => createDiscount.mutateAsync({ ...values, branch_id: branchId }),
    onSent: () => onSignedUp(),
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={sending || undefined}
    >
      <FormHeadingError ref={messageRef} message={problems.form} />
      <NamePhoneFields bind={bind} />
      <EmailFields bind={bind} />
      <TextField
        {...bind('address')}
        label="Dirección"
        autoComplete="street-address"
        maxLength={MARKETING_LIMITS.address}
        aria-required="true"
      />
      <SelectField {...bind('source_id')} label="Como nos conociste?" aria-required="true">
        <option value="">Elige una opción</option>
        {survey.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.description}
          </option>
        ))}
      </SelectField>
      <Button type="submit" block disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Enviando…' : 'Obtener mi cupón'}
      </Button>
    </form>
  );
}

/** The email, then the same again: a typo would send the coupon nowhere. */
function EmailFields({ bind }: { bind: (field: Field) => FieldBinding }) {
  return (
    <>
      <TextField
        {...bind('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={MARKETING_LIMITS.email}
        aria-required="true"
      />
      <TextField
        {...bind('confirmation')}
        label="Confirma tu email"
        type="email"
        inputMode="email"
        // Typed again on purpose: the browser's autofill would copy a typo into both.
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={MARKETING_LIMITS.email}
        aria-required="true"
      />
    </>
  );
}
