import { describe, expect, it } from 'vitest';
import { checkField, formCheck, minLengthMessage } from './form-check';

const phone = { message: 'El celular es requerido', maxlength: 10 };

describe('checkField', () => {
  it('answers the configured message for an empty value', () => {
    for (const empty of ['', '   ', undefined, null]) {
      expect(checkField(empty, { message: 'El nombre es requerido' })).toBe(
        'El nombre es requerido',
      );
    }
  });

  it('treats 0 as empty (a select with nothing chosen), as number or text', () => {
    expect(checkField(0, { message: 'Elige una opción' })).toBe('Elige una opción');
    expect(checkField('0', { message: 'Elige una opción' })).toBe('Elige una opción');
    expect(checkField(Number.NaN, { message: 'Elige una opción' })).toBe('Elige una opción');
    expect(checkField(3, { message: 'Elige una opción' })).toBeUndefined();
  });

  it("says 'Longitud minima {maxlength}' exactly when the length is maxlength − 1", () => {
    expect(checkField('300123456', phone)).toBe('Longitud minima 10');
    expect(checkField(300123456, phone)).toBe('Longitud minima 10');
    expect(minLengthMessage(10)).toBe('Longitud minima 10');
  });

  it("lets other lengths through: the rule is the contract's, odd as it is", () => {
    expect(checkField('3001234567', phone)).toBeUndefined();
    expect(checkField('30012345', phone)).toBeUndefined();
    // Too long is some other rule's business (each schema's own maximum).
    expect(checkField('30012345678', phone)).toBeUndefined();
  });

  it('measures the trimmed value', () => {
    expect(checkField(' 300123456 ', phone)).toBe('Longitud minima 10');
  });

  it('needs a value before it measures one', () => {
    expect(checkField('', phone)).toBe('El celular es requerido');
  });
});

describe('formCheck', () => {
  const rules = {
    name: { message: 'El nombre es requerido' },
    phone,
    source_id: { message: 'Cuéntanos cómo nos conociste' },
  };

  it('returns nothing when there are no errors', () => {
    expect(formCheck({ name: 'Ana', phone: '3001234567', source_id: 2 }, rules)).toBeUndefined();
  });

  it('returns each failing field with its message', () => {
    expect(formCheck({ name: ' ', phone: '300123456', source_id: 0 }, rules)).toEqual({
      name: 'El nombre es requerido',
      phone: 'Longitud minima 10',
      source_id: 'Cuéntanos cómo nos conociste',
    });
  });

  it('checks only the fields that have a rule, and a missing field is empty', () => {
    expect(
      formCheck({ name: 'Ana', notes: '' } as Record<string, unknown>, { name: rules.name, phone }),
    ).toEqual({
      phone: 'El celular es requerido',
    });
  });
});
