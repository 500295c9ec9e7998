import type { Address, Branch } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { coverageProblem } from '../lib/coverage';
import { FormErrors } from './form-errors';
import choice from '@/components/ui/choice.module.css';
import shared from './checkout.module.css';
import styles from './delivery-address.module.css';

export type AddressesLoad =
  | { status: 'pending' }
  | { status: 'error'; message: string; retry: () => void; retrying: boolean }
  | { status: 'success'; addresses: readonly Address[] };

/** The customer's addresses as a query reads them, in the terms this section shows. */
export function addressesLoad(query: UseQueryResult<readonly Address[]>): AddressesLoad {
  if (query.isSuccess) return { status: 'success', addresses: query.data };
  if (query.isError) {
    return {
      status: 'error',
      message: query.error.message,
      retry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  }
  return { status: 'pending' };
}

interface DeliveryAddressProps {
  loggedIn: boolean;
  load: AddressesLoad;
  value: number | null;
  onChange: (addressId: number) => void;
  /** The branch that would deliver: each address says whether it is covered. */
  branch: Branch | null;
  errors: readonly string[] | undefined;
  /** The new-address form (the account feature's), composed by the route; `done` closes it. */
  renderForm: (done: (saved?: Address) => void) => ReactNode;
  groupRef?: Ref<HTMLFieldSetElement>;
}

/**
 * Where a delivery order goes: one of the customer's saved addresses (a radio group) or a new
 * one added here. Addresses the branch does not reach say so before sending, with the same
 * message the server would answer.
 */
export function DeliveryAddress({
  loggedIn,
  load,
  value,
  onChange,
  branch,
  errors,
  renderForm,
  groupRef,
}: DeliveryAddressProps) {
  const name = useId();
  const errorId = `${name}-error`;
  // Here, not in the list: the form stays open while the list loads again.
  const [adding, setAdding] = useState(false);
  const invalid = Boolean(errors?.length);
  const noDelivery =
    branch && !branch.delivery.available ? coverageProblem(branch, { neighbourhood: '' }) : null;

  return (
    <fieldset
      ref={groupRef}
      id="checkout-address"
      className={`${shared.section} ${invalid ? shared.invalid : ''}`}
      aria-describedby={invalid ? errorId : undefined}
    >
      <legend className={shared.legend}>
        <h2 className={shared.title}>Entregar en:</h2>
      </legend>
      <FormErrors id={errorId} messages={errors ?? (noDelivery ? [noDelivery] : undefined)} />
      {loggedIn ? (
        <AddressesBody
          name={name}
          load={load}
          value={value}
          onChange={onChange}
          branch={branch}
          errors={errors}
          renderForm={renderForm}
          adding={adding}
          setAdding={setAdding}
        />
      ) : (
        <p className={shared.muted}>
          Ingresa a tu cuenta para elegir o agregar la dirección de entrega.
        </p>
      )}
    </fieldset>
  );
}

type AddressesBodyProps = Omit<DeliveryAddressProps, 'loggedIn' | 'groupRef'> & {
  /** The radio group's name. */
  name: string;
  /** Whether the new-address form is open. */
  adding: boolean;
  setAdding: (adding: boolean) => void;
};

/** The signed-in customer's addresses as they load, then to choose or add one. */
function AddressesBody({ load, ...props }: AddressesBodyProps) {
  if (load.status === 'pending') {
    return (
      <div className={choice.choices} role="status" aria-label="Cargando tus direcciones">
        <div className={shared.skeleton} />
        <div className={shared.skeleton} />
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <ErrorState
        message="No pudimos cargar tus direcciones."
        detail={load.message}
        onRetry={load.retry}
        retrying={load.retrying}
      />
    );
  }
  return <SavedAddresses addresses={load.addresses} {...props} />;
}

/** The saved addresses as radios, and a new one added here (it is chosen once saved). */
function SavedAddresses({
  name,
  addresses,
  value,
  onChange,
  branch,
  errors,
  renderForm,
  adding,
  setAdding,
}: Omit<AddressesBodyProps, 'load'> & { addresses: readonly Address[] }) {
  return (
    <>
      {addresses.length > 0 ? (
        <div className={choice.choices}>
          {addresses.map((address) => {
            const hint = branch?.delivery.available ? coverageProblem(branch, address) : null;
            return (
              <AddressOption
                key={address.id}
                name={name}
                address={address}
                checked={value === address.id}
                onChoose={() => onChange(address.id)}
                // Already said above as the server's answer: not twice.
                problem={hint && !errors?.includes(hint) ? hint : null}
              />
            );
          })}
        </div>
      ) : (
        <p className={shared.muted}>
          Aún no tienes direcciones guardadas. Agrega una para recibir tu pedido.
        </p>
      )}
      {adding ? (
        <div className={styles.form}>
          <h3 className={styles.formTitle}>Nueva dirección</h3>
          {renderForm((saved) => {
            setAdding(false);
            if (saved) onChange(saved.id);
          })}
        </div>
      ) : (
        <Button variant="secondary" className={styles.add} onClick={() => setAdding(true)}>
          Agregar dirección
        </Button>
      )}
    </>
  );
}

/** One saved address; `problem`: why the branch does not deliver there, if so. */
function AddressOption({
  name,
  address,
  checked,
  onChoose,
  problem,
}: {
  name: string;
  address: Address;
  checked: boolean;
  onChoose: () => void;
  problem: string | null;
}) {
  const hintId = `${name}-${address.id}-hint`;
  return (
    <label className={choice.choice}>
      <input
        type="radio"
        name={name}
        value={address.id}
        required
        checked={checked}
        onChange={onChoose}
        aria-describedby={problem ? hintId : undefined}
      />
      <span className={choice.choiceText}>
        <span className={choice.choiceTitle}>{address.label}</span>
        <span className={choice.choiceDetail}>
          {address.address}, {address.neighbourhood}, {address.city}
        </span>
        {problem ? (
          <span id={hintId} className={choice.choiceWarning}>
            {problem}
          </span>
        ) : null}
      </span>
    </label>
  );
}
