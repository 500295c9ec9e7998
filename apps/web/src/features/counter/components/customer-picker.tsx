import { ACCOUNT_MESSAGES, type CounterCustomer } from '@comanda/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { findCustomer } from '../api/find-customer';
import type { DraftCustomer } from '../lib/draft';
import styles from './new-order.module.css';

const PHONE = /^[0-9]{7,10}$/;

interface CustomerPickerProps {
  branchId: number;
  customer: DraftCustomer | null;
  onChange: (customer: DraftCustomer | null, found: CounterCustomer | null) => void;
}

/**
 * The customer, by the phone they call from or say at the counter: found (with the addresses
 * they have had orders delivered to), or made now with a name (an email is optional: it is
 * where they can claim the account later).
 */
export function CustomerPicker({ branchId, customer, onChange }: CustomerPickerProps) {
  const [phone, setPhone] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onSearch = async () => {
    const digits = phone.replace(/\D/g, '');
    if (!PHONE.test(digits)) return setProblem(ACCOUNT_MESSAGES.phoneInvalid);
    setProblem(undefined);
    setBusy(true);
    try {
      const found = await findCustomer(branchId, digits);
      setSearched(digits);
      onChange(
        found
          ? { kind: 'found', id: found.id, name: found.name, phone: found.phone }
          : { kind: 'new', name: '', phone: digits, email: '' },
        found,
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="counter-customer">
      <h2 id="counter-customer" className={styles.subheading}>
        Cliente
      </h2>
      {/* Inside the order's form: a search of its own, by button or Enter, never a nested form. */}
      <div className={styles.row}>
        <TextField
          name="phone"
          label="Teléfono del cliente"
          inputMode="numeric"
          autoComplete="off"
          value={phone}
          error={problem}
          onChange={(event) => setPhone(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void onSearch();
          }}
        />
        <Button variant="secondary" disabled={busy} onClick={() => void onSearch()}>
          {busy ? 'Buscando…' : 'Buscar'}
        </Button>
      </div>
      {customer && searched === customer.phone ? (
        <CustomerFound customer={customer} onChange={(next) => onChange(next, null)} />
      ) : null}
    </section>
  );
}

function CustomerFound({
  customer,
  onChange,
}: {
  customer: DraftCustomer;
  onChange: (customer: DraftCustomer) => void;
}) {
  if (customer.kind === 'found')
    return (
      <p className={styles.found} role="status">
        <strong>{customer.name}</strong> · {customer.phone}
      </p>
    );
  return (
    <div className={styles.newCustomer}>
      <p role="status">No hay un cliente con ese teléfono: escribe su nombre para crearlo.</p>
      <TextField
        name="customer-name"
        label="Nombre del cliente"
        autoComplete="off"
        value={customer.name}
        onChange={(event) => onChange({ ...customer, name: event.target.value })}
      />
      <TextField
        name="customer-email"
        label="Correo (opcional)"
        type="email"
        autoComplete="off"
        hint="Con él, el cliente puede reclamar su cuenta con «Olvidé mi contraseña»."
        value={customer.email}
        onChange={(event) => onChange({ ...customer, email: event.target.value })}
      />
    </div>
  );
}
