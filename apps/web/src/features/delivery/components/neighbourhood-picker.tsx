import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/form-field';
import { useNeighbourhoods } from '@/entities/delivery/api/get-neighbourhoods';
import { searchNeighbourhoods } from '@/entities/delivery/lib/neighbourhood-search';
import { NotServed } from './not-served';
import styles from './delivery-step.module.css';

/** At most this many matches on screen: a long list is narrowed by typing, not scrolled. */
const SHOWN = 12;

interface NeighbourhoodPickerProps {
  chosen: string | null;
  onPick: (neighbourhood: string) => void;
  onPickup: () => void;
}

/**
 * A visitor's address step: the neighbourhoods the chain delivers to, searchable ignoring accents
 * and case. A name no zone has says at once that no branch delivers there, and offers pickup.
 */
export function NeighbourhoodPicker({ chosen, onPick, onPickup }: NeighbourhoodPickerProps) {
  const neighbourhoods = useNeighbourhoods();
  const [typed, setTyped] = useState('');

  if (neighbourhoods.isPending) {
    return (
      <div className={styles.skeletons} role="status" aria-label="Cargando barrios">
        <div className={styles.skeleton} />
        <div className={styles.skeleton} />
        <div className={styles.skeleton} />
      </div>
    );
  }
  if (neighbourhoods.isError) {
    return (
      <ErrorState
        message="No pudimos cargar los barrios a los que llegamos."
        detail={neighbourhoods.error.message}
        onRetry={() => void neighbourhoods.refetch()}
        retrying={neighbourhoods.isFetching}
      />
    );
  }

  const matches = searchNeighbourhoods(neighbourhoods.data, typed);
  return (
    <div className={styles.picker}>
      <TextField
        name="barrio"
        type="search"
        label="Busca tu barrio"
        hint="Escribe el nombre de tu barrio, con o sin tildes."
        autoComplete="off"
        enterKeyHint="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {typed.trim() && matches.length === 0 ? (
        <NotServed neighbourhood={typed.trim()} onPickup={onPickup} />
      ) : (
        <Matches
          matches={matches}
          searched={Boolean(typed.trim())}
          chosen={chosen}
          onPick={onPick}
        />
      )}
    </div>
  );
}

/** How many match (or how many there are, before typing), and the first of them to pick. */
function Matches({
  matches,
  searched,
  chosen,
  onPick,
}: {
  matches: readonly string[];
  /** Whether something was typed: the count is of matches, not of all. */
  searched: boolean;
  chosen: string | null;
  onPick: (neighbourhood: string) => void;
}) {
  return (
    <>
      <p className={styles.count} role="status">
        {searched
          ? `${matches.length} ${matches.length === 1 ? 'barrio coincide' : 'barrios coinciden'}`
          : `Llegamos a ${matches.length} ${matches.length === 1 ? 'barrio' : 'barrios'}`}
        {matches.length > SHOWN ? `; escribe para ver ${matches.length - SHOWN} más.` : '.'}
      </p>
      <ul className={styles.options} aria-label="Barrios a los que llegamos">
        {matches.slice(0, SHOWN).map((name) => (
          <li key={name}>
            <Button
              variant={chosen === name ? 'primary' : 'secondary'}
              block
              className={styles.option}
              aria-pressed={chosen === name}
              onClick={() => onPick(name)}
            >
              {name}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
