import { PAUSE_MINUTES, PREP_MINUTES, RUSH_MINUTES, type BranchConsole } from '@comanda/shared';
import { useId, useState, type FormEvent } from 'react';
import { useClock } from '../hooks/use-clock';
import { usePauseBranch } from '../api/pause-branch';
import { useSetRush } from '../api/set-rush';
import { useUpdateSettings } from '../api/update-settings';
import { pauseText } from '../lib/branch-state';
import { PREP_MINUTES_HINT, readPrepMinutes } from '../lib/prep-minutes';
import { NumberSetting } from './number-setting';
import styles from './branch-controls.module.css';

const errorOf = (mutation: { error: Error | null }) =>
  mutation.error ? (
    <p className={styles.error} role="alert">
      {mutation.error.message}
    </p>
  ) : null;

/** "Pausar pedidos": for a while or until reopened; the storefront shows when it resumes. */
export function PauseControl({ branch }: { branch: BranchConsole }) {
  const pause = usePauseBranch(branch.id);
  const now = useClock(30_000);
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Pausar pedidos
      </h2>
      {branch.paused ? (
        <>
          <p className={`${styles.state} ${styles.statePaused}`} role="status">
            {pauseText(branch, now)}
          </p>
          <button
            type="button"
            className={`${styles.big} ${styles.go}`}
            disabled={pause.isPending}
            onClick={() => pause.mutate({ minutes: 0 })}
          >
            Reanudar pedidos
          </button>
        </>
      ) : (
        <PauseChoices branch={branch} pause={pause} />
      )}
      {errorOf(pause)}
    </section>
  );
}

/** Not paused: whether orders come in now, and the pauses to choose from. */
function PauseChoices({
  branch,
  pause,
}: {
  branch: BranchConsole;
  pause: ReturnType<typeof usePauseBranch>;
}) {
  return (
    <>
      <p
        className={`${styles.state} ${branch.accepting_orders ? styles.stateOn : styles.stateOff}`}
        role="status"
      >
        {branch.accepting_orders
          ? 'Recibiendo pedidos'
          : 'Cerrada por horario: no recibe pedidos ahora'}
      </p>
      <p className={styles.help}>
        Si la cocina no da abasto, deja de recibir pedidos un rato. Los pedidos ya recibidos siguen
        en el tablero.
      </p>
      <div className={styles.buttons}>
        {PAUSE_MINUTES.choices.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className={styles.big}
            disabled={pause.isPending}
            onClick={() => pause.mutate({ minutes })}
          >
            Pausar {minutes} min
          </button>
        ))}
        <button
          type="button"
          className={styles.big}
          disabled={pause.isPending}
          onClick={() => pause.mutate({ until_reopened: true })}
        >
          Pausar hasta reanudar
        </button>
      </div>
    </>
  );
}

/** "Alta demanda": extra minutes on every promised time while the kitchen is swamped. */
export function RushControl({ branch }: { branch: BranchConsole }) {
  const rush = useSetRush(branch.id);
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Alta demanda
      </h2>
      <p
        className={`${styles.state} ${branch.rush_minutes > 0 ? styles.stateRush : styles.stateNeutral}`}
        role="status"
      >
        {branch.rush_minutes > 0 ? `Activa: +${branch.rush_minutes} min en cada pedido` : 'Apagada'}
      </p>
      <p className={styles.help}>
        Suma minutos a la hora que se promete a cada cliente al aceptar.
      </p>
      <div className={styles.buttons}>
        {RUSH_MINUTES.choices.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className={`${styles.big} ${branch.rush_minutes === minutes ? styles.selected : ''}`}
            aria-pressed={branch.rush_minutes === minutes}
            disabled={rush.isPending}
            onClick={() => rush.mutate(minutes)}
          >
            +{minutes} min
          </button>
        ))}
        {branch.rush_minutes > 0 ? (
          <button
            type="button"
            className={`${styles.big} ${styles.go}`}
            disabled={rush.isPending}
            onClick={() => rush.mutate(0)}
          >
            Apagar alta demanda
          </button>
        ) : null}
      </div>
      {errorOf(rush)}
    </section>
  );
}

/** The branch's usual preparation time (the default on Aceptar) and printing on accept. */
export function SettingsControl({ branch }: { branch: BranchConsole }) {
  const settings = useUpdateSettings(branch.id);
  const headingId = useId();
  const [minutes, setMinutes] = useState(String(branch.prep_minutes));
  const [error, setError] = useState<string | null>(null);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const value = readPrepMinutes(minutes);
    if (value === null) {
      setError(PREP_MINUTES_HINT);
      return;
    }
    setError(null);
    settings.mutate({ prep_minutes: value });
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Ajustes de la sede
      </h2>
      <NumberSetting
        label="Tiempo de preparación habitual (minutos)"
        value={minutes}
        onChange={setMinutes}
        onSave={onSave}
        error={error}
        sending={settings.isPending}
        input={{
          type: 'number',
          inputMode: 'numeric',
          min: PREP_MINUTES.min,
          max: PREP_MINUTES.max,
        }}
      />
      <BranchSwitches branch={branch} settings={settings} />
      {errorOf(settings)}
    </section>
  );
}

/** The branch's yes-or-no settings, each sent as soon as it is flipped. */
function BranchSwitches({
  branch,
  settings,
}: {
  branch: BranchConsole;
  settings: ReturnType<typeof useUpdateSettings>;
}) {
  const flip = (key: SwitchKey) => settings.mutate({ [key]: !branch[key] });
  return (
    <>
      {SWITCHES.map(({ key, label, hint }) => (
        <SettingSwitch
          key={key}
          label={label}
          hint={hint}
          on={branch[key]}
          disabled={settings.isPending}
          onToggle={() => flip(key)}
        />
      ))}
    </>
  );
}

type SwitchKey =
  'auto_print' | 'auto_accept_scheduled' | 'dispatch_from_preparing' | 'auto_offer_courier';

const SWITCHES: readonly { key: SwitchKey; label: string; hint?: string }[] = [
  { key: 'auto_print', label: 'Imprimir el pedido al aceptarlo' },
  {
    key: 'auto_accept_scheduled',
    label: 'Aceptar solos los pedidos programados',
    hint: 'Quedan aceptados al pedirlos y pasan a En preparación a su hora, sin sonar.',
  },
  {
    key: 'dispatch_from_preparing',
    label: 'Despachar pedidos en preparación',
    hint: 'Un domicilio puede asignarse a un domiciliario antes de estar listo.',
  },
  {
    key: 'auto_offer_courier',
    label: 'Ofrecer el domiciliario que más lleva esperando',
    hint: 'Un domicilio que pasa a Listo se ofrece solo al domiciliario disponible desde hace más tiempo.',
  },
];

/** One of the branch's on/off settings: a switch that says Sí or No, with what it does. */
function SettingSwitch(props: {
  label: string;
  hint?: string | undefined;
  on: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={styles.switchRow}>
      <span className={styles.switchLabel}>
        <span id={labelId} className={styles.label}>
          {props.label}
        </span>
        {props.hint ? (
          <span id={hintId} className={styles.hint}>
            {props.hint}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={props.on}
        aria-labelledby={labelId}
        aria-describedby={props.hint ? hintId : undefined}
        className={`${styles.switch} ${props.on ? styles.switchOn : ''}`}
        disabled={props.disabled}
        onClick={props.onToggle}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.knob} />
        </span>
        <span className={styles.switchText} aria-hidden="true">
          {props.on ? 'Sí' : 'No'}
        </span>
      </button>
    </div>
  );
}

/** Which branch this device runs, and the way to another (on a phone, the header has no room for it). */
export function DeviceControl({
  branch,
  onSwitchBranch,
}: {
  branch: BranchConsole;
  onSwitchBranch: () => void;
}) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Este equipo
      </h2>
      <p className={styles.help}>Atiende los pedidos de {branch.title}.</p>
      <button type="button" className={styles.big} onClick={onSwitchBranch}>
        Cambiar de sede
      </button>
    </section>
  );
}
