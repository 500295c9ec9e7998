import { MARKETING_LIMITS } from '@comanda/shared';
import { TextField } from '@/components/ui/form-field';
import type { FieldBinding } from '@/lib/form/use-form';

/** 'Nombre' and 'Celular', as both marketing forms (discount, courtesy) ask for them. */
export function NamePhoneFields({ bind }: { bind: (field: 'name' | 'phone') => FieldBinding }) {
  return (
    <>
      <TextField
        {...bind('name')}
        label="Nombre"
        autoComplete="name"
        maxLength={MARKETING_LIMITS.name}
        aria-required="true"
      />
      <TextField
        {...bind('phone')}
        label="Celular"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        aria-required="true"
      />
    </>
  );
}
