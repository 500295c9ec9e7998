import type { Address, AddressBody } from '@comanda/shared';
import { TextField } from '@/components/ui/form-field';
import { SegmentedControl } from '@/components/ui/segmented-control';
import type { DraftDestination } from '../lib/draft';
import styles from './new-order.module.css';

const EMPTY: AddressBody = {
  label: 'Casa',
  address: '',
  neighbourhood: '',
  city: 'Bogotá',
  notes: '',
};

/**
 * Recoger or Domicilio; a delivery goes to one of the customer's saved addresses or to a new one
 * (saved in their book with the order). Coverage, fee and minimum are the server's check.
 */
export function DestinationPicker({
  addresses,
  destination,
  onChange,
}: {
  addresses: readonly Address[];
  destination: DraftDestination;
  onChange: (destination: DraftDestination) => void;
}) {
  const first = addresses[0];
  const toDelivery = (): DraftDestination =>
    first ? { type: 'delivery', addressId: first.id } : { type: 'delivery', address: EMPTY };
  return (
    <section className={styles.section} aria-labelledby="counter-destination">
      <h2 id="counter-destination" className={styles.subheading}>
        Entrega
      </h2>
      <SegmentedControl
        legend="Tipo de pedido"
        options={[
          { value: 'pickup', label: 'Recoger' },
          { value: 'delivery', label: 'Domicilio' },
        ]}
        value={destination.type}
        onChange={(type) => onChange(type === 'pickup' ? { type } : toDelivery())}
      />
      {destination.type === 'delivery' ? (
        <DeliveryAddress addresses={addresses} destination={destination} onChange={onChange} />
      ) : null}
    </section>
  );
}

function DeliveryAddress({
  addresses,
  destination,
  onChange,
}: {
  addresses: readonly Address[];
  destination: Extract<DraftDestination, { type: 'delivery' }>;
  onChange: (destination: DraftDestination) => void;
}) {
  const typed = 'address' in destination ? destination.address : null;
  const edit = (field: keyof AddressBody, value: string) =>
    onChange({ type: 'delivery', address: { ...(typed ?? EMPTY), [field]: value } });
  return (
    <fieldset className={styles.group}>
      <legend>Dirección</legend>
      {addresses.map((address) => (
        <label key={address.id} className={styles.option}>
          <input
            type="radio"
            name="counter-address"
            checked={'addressId' in destination && destination.addressId === address.id}
            onChange={() => onChange({ type: 'delivery', addressId: address.id })}
          />
          {address.address}, {address.neighbourhood}
        </label>
      ))}
      <label className={styles.option}>
        <input
          type="radio"
          name="counter-address"
          checked={typed !== null}
          onChange={() => onChange({ type: 'delivery', address: EMPTY })}
        />
        Otra dirección
      </label>
      {typed ? <NewAddressFields address={typed} edit={edit} /> : null}
    </fieldset>
  );
}

/** A new address typed in: saved in the customer's book when the order is placed. */
function NewAddressFields({
  address,
  edit,
}: {
  address: AddressBody;
  edit: (field: keyof AddressBody, value: string) => void;
}) {
  const field = (name: keyof AddressBody, label: string) => (
    <TextField
      name={name}
      label={label}
      value={address[name]}
      onChange={(event) => edit(name, event.target.value)}
    />
  );
  return (
    <div className={styles.addressFields}>
      {field('address', 'Dirección')}
      {field('neighbourhood', 'Barrio')}
      {field('city', 'Ciudad')}
      {field('notes', 'Indicaciones (opcional)')}
    </div>
  );
}
