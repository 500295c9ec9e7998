import type { Address, Branch } from '@comanda/shared';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useServedNeighbourhoods } from '@/entities/delivery/api/get-neighbourhoods';
import type { CoverageOption } from '@/entities/delivery/api/get-coverage';
import { useAddresses } from '@/features/account/api/get-addresses';
import { AddressBook } from '@/features/account/components/address-book';
import { useBranches } from '@/features/branches/api/get-branches';
import { CoverageChoice } from '@/features/delivery/components/coverage-choice';
import { NeighbourhoodPicker } from '@/features/delivery/components/neighbourhood-picker';
import { useSession, type DeliveryTo } from '@/stores/session-store';
import styles from './delivery-address.module.css';

/** Where the order goes, before the branch that takes it: an address of the account, or (a visitor) a neighbourhood. */
interface Place {
  neighbourhood: string;
  address_id: number | null;
  /** How the screen names it: the address's label and street, or the neighbourhood. */
  label: string;
}

const addressLabel = (address: Pick<Address, 'label' | 'neighbourhood'>) =>
  `${address.label} (${address.neighbourhood})`;

const placeOfAddress = (address: Address): Place => ({
  neighbourhood: address.neighbourhood,
  address_id: address.id,
  label: addressLabel(address),
});

/** The stored place to start from: a visitor's neighbourhood, or a customer's saved address. */
function storedPlace(deliveryTo: DeliveryTo | null, loggedIn: boolean): Place | null {
  return deliveryTo && (loggedIn ? deliveryTo.address_id !== null : true)
    ? {
        neighbourhood: deliveryTo.neighbourhood,
        address_id: deliveryTo.address_id,
        label: deliveryTo.neighbourhood,
      }
    : null;
}

/**
 * /domicilio (product.md «Addresses», «Delivery: the address first»): where the order goes comes
 * first, then the branch that reaches it. A logged-in customer picks one of their addresses (or
 * adds one); a visitor picks their neighbourhood among those the chain serves. The branch is
 * chosen for them (the cheapest, then the quickest) among those that serve it, and they can
 * change it; a place no branch reaches says so at once and offers pickup.
 */
export default function DeliveryAddressRoute() {
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loggedIn);
  const deliveryTo = useSession((state) => state.deliveryTo);
  const neighbourhoods = useServedNeighbourhoods();
  const branches = useBranches();
  const addresses = useAddresses(loggedIn);
  const answer = useRef<HTMLHeadingElement>(null);

  // The place being decided: the stored one until the customer picks another.
  const [place, setPlace] = useState<Place | null>(() => storedPlace(deliveryTo, loggedIn));
  const [searching, setSearching] = useState(place === null);

  const pick = (next: Place) => {
    setPlace(next);
    setSearching(false);
    // The answer appears above what was tapped: take the customer (and the screen reader) to it.
    requestAnimationFrame(() => {
      answer.current?.focus({ preventScroll: true });
      answer.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    });
  };

  const choose = useChooseBranch(place, branches.data);

  const pickup = () => {
    useSession.getState().chooseOrderType(1);
    void navigate(paths.pickupBranches.getHref());
  };

  return (
    <Page title={loggedIn ? 'Mis Direcciones' : '¿A dónde llevamos tu pedido?'}>
      <p className={styles.intro}>
        {loggedIn
          ? 'Elige dónde entregamos tu pedido: te mostramos la sede que llega, el costo y el tiempo antes de pedir.'
          : 'Elige tu barrio: te mostramos la sede que llega, el costo y el tiempo antes de pedir.'}
      </p>

      {place && !searching ? (
        <PlaceAnswer
          place={place}
          savedAddresses={addresses.data}
          loggedIn={loggedIn}
          headingRef={answer}
          onChange={() => setSearching(true)}
          onChoose={choose}
          onPickup={pickup}
        />
      ) : null}

      {loggedIn ? (
        <AddressBook
          neighbourhoods={neighbourhoods.data}
          neighbourhood={deliveryTo?.address_id === null ? deliveryTo.neighbourhood : undefined}
          pick={{
            chosenId: place?.address_id ?? null,
            onPick: (address: Address) => pick(placeOfAddress(address)),
          }}
        />
      ) : searching || !place ? (
        <NeighbourhoodPicker
          chosen={place?.neighbourhood ?? null}
          onPick={(name) => pick({ neighbourhood: name, address_id: null, label: name })}
          onPickup={pickup}
        />
      ) : null}
    </Page>
  );
}

/** Delivering to `place` through the branch the customer chose among those that reach it. */
function useChooseBranch(place: Place | null, branches: readonly Branch[] | undefined) {
  return useCallback(
    (option: CoverageOption) => {
      if (!place) return;
      const branch = branches?.find((candidate) => candidate.id === option.branch.id);
      if (!branch) return;
      useSession
        .getState()
        .chooseDeliveryTo(
          { neighbourhood: place.neighbourhood, address_id: place.address_id },
          branch,
        );
    },
    [place, branches],
  );
}

interface PlaceAnswerProps {
  place: Place;
  /** The customer's addresses, once read: a stored place is said by its address's label. */
  savedAddresses: readonly Address[] | undefined;
  loggedIn: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** A visitor's `Cambiar barrio`. */
  onChange: () => void;
  onChoose: (option: CoverageOption) => void;
  onPickup: () => void;
}

/** "Domicilio a …": the branches that reach the place, and `Ver el menú` once one is chosen for it. */
function PlaceAnswer({
  place,
  savedAddresses,
  loggedIn,
  headingRef,
  onChange,
  onChoose,
  onPickup,
}: PlaceAnswerProps) {
  const navigate = useNavigate();
  const deliveryTo = useSession((state) => state.deliveryTo);
  const branchId = useSession((state) => state.branch?.id);
  const ready =
    deliveryTo !== null &&
    deliveryTo.neighbourhood === place.neighbourhood &&
    deliveryTo.address_id === place.address_id &&
    branchId !== undefined;
  // A stored place names an address by id: say it by its label once the list is read.
  const saved = place.address_id
    ? savedAddresses?.find((address) => address.id === place.address_id)
    : undefined;

  return (
    <section className={styles.answer} aria-labelledby="domicilio-destino">
      <div className={styles.answerHead}>
        <h2 id="domicilio-destino" ref={headingRef} tabIndex={-1} className={styles.answerTitle}>
          Domicilio a {saved ? addressLabel(saved) : place.label}
        </h2>
        {loggedIn ? null : (
          <Button variant="ghost" onClick={onChange}>
            Cambiar barrio
          </Button>
        )}
      </div>
      <CoverageChoice
        neighbourhood={place.neighbourhood}
        branchId={branchId}
        onChoose={onChoose}
        onPickup={onPickup}
      />
      {ready ? (
        <Button block onClick={() => void navigate(paths.menu.getHref())}>
          Ver el menú
        </Button>
      ) : null}
    </section>
  );
}
