import { describe, expect, it } from 'vitest';
import { clockText, destinationText, optionsText, phoneText, searchQuery } from './order-text';

describe('order texts', () => {
  it('lists the chosen options of a line', () => {
    const option = (title: string) => ({
      group_id: 1,
      group_title: 'G',
      option_id: 1,
      title,
      price: 0,
    });
    expect(optionsText({ options: [option('Grande'), option('Tocineta extra')] })).toBe(
      'Grande · Tocineta extra',
    );
    expect(optionsText({ options: [] })).toBe('');
  });

  it('says where the order goes', () => {
    expect(
      destinationText({ type_delivery: 2, address: 'Cl. 1 #2-3', neighbourhood: 'Niza' }),
    ).toBe('Cl. 1 #2-3 · Niza');
    expect(destinationText({ type_delivery: 1, address: 'Sede', neighbourhood: null })).toBe(
      'Recoge en la sede',
    );
  });

  it('reads times on the chain clock and groups a mobile number', () => {
    expect(clockText('2026-11-23T17:45:00.000Z')).toBe('12:45');
    expect(phoneText('3001234567')).toBe('300 123 4567');
    expect(phoneText('6016852240')).toBe('6016852240');
  });

  it('sends a phone typed with spaces without them, and anything else trimmed', () => {
    expect(searchQuery(' 300 123 4567 ')).toBe('3001234567');
    expect(searchQuery('#12')).toBe('#12');
    expect(searchQuery('  Ana María ')).toBe('Ana María');
  });
});
