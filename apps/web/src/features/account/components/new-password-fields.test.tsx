import { PASSWORD_RULES } from '@comanda/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FieldBinding } from '@/lib/form/use-form';
import { NewPasswordFields } from './new-password-fields';

const bind = (name: string): FieldBinding => ({
  name,
  value: '',
  error: undefined,
  onChange: () => undefined,
});

describe('a new password’s fields', () => {
  it('list every rule under the password before anything is sent, read with the field', () => {
    const html = renderToStaticMarkup(<NewPasswordFields bind={bind} />);
    expect(html).toContain(`Mínimo ${PASSWORD_RULES.minLength.customer} caracteres;`);
    expect(html).toContain('Ni una de las contraseñas más usadas');
    expect(html).toContain('Difícil de adivinar');
    // The list is the password field's description.
    const described = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<ul id="${described}"[^>]*><li>Mínimo`));
  });

  it('on a reset link, where the account is not known, say both lengths', () => {
    const html = renderToStaticMarkup(<NewPasswordFields bind={bind} replacing />);
    expect(html).toContain(
      `Mínimo ${PASSWORD_RULES.minLength.customer} caracteres (${PASSWORD_RULES.minLength.staff} en las cuentas del personal)`,
    );
  });
});
