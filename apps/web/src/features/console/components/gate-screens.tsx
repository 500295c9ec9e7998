import type { BranchConsole } from '@comanda/shared';
import { Button } from '@/components/ui/button';
import { PANEL_MESSAGES } from '../lib/messages';
import styles from './gate-screens.module.css';
import screen from '@/components/ui/panel-screen.module.css';
import { pageTitle } from '@/lib/brand';

/** A logged-in account that may run no branch (a customer's, or staff whose branches were taken away). */
export function NoAccess({ onSwitchAccount }: { onSwitchAccount: () => void }) {
  return (
    <main className={screen.page}>
      <title>Sin acceso · Panel</title>
      <div className={screen.card} role="alert">
        <h1 className={screen.heading}>{PANEL_MESSAGES.noAccess}</h1>
        <p className={screen.lead}>{PANEL_MESSAGES.noAccessDetail}</p>
        <Button block className={screen.big} onClick={onSwitchAccount}>
          Entrar con otra cuenta
        </Button>
      </div>
    </main>
  );
}

/** Staff of several branches (or an admin) choose which one this device runs; remembered here. */
export function BranchChooser({
  branches,
  onChoose,
  onLogout,
}: {
  branches: readonly BranchConsole[];
  onChoose: (branch: BranchConsole) => void;
  onLogout: () => void;
}) {
  return (
    <main className={screen.page}>
      <title>Elige la sede · Panel</title>
      <div className={screen.card}>
        <h1 className={screen.heading}>¿Qué sede atiendes en este equipo?</h1>
        <p className={screen.lead}>
          Lo recordaremos en este dispositivo. Puedes cambiarla cuando quieras.
        </p>
        <ul className={styles.branches}>
          {branches.map((branch) => (
            <li key={branch.id}>
              <button type="button" className={styles.branch} onClick={() => onChoose(branch)}>
                <span className={styles.branchTitle}>{branch.title}</span>
                <span className={styles.branchState}>
                  {branch.paused ? 'En pausa' : branch.open_now ? 'Abierta' : 'Cerrada ahora'}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <Button variant="ghost" onClick={onLogout}>
          Salir
        </Button>
      </div>
    </main>
  );
}

export function PanelLoading() {
  return (
    <main className={screen.page} aria-busy="true">
      <title>{pageTitle('Panel de sede')}</title>
      <p className={styles.loading} role="status">
        Cargando el panel…
      </p>
    </main>
  );
}
