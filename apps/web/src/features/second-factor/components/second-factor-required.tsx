import { Button } from '@/components/ui/button';
import screen from '@/components/ui/panel-screen.module.css';
import { EnrolSecondFactor } from './enrol-second-factor';

/**
 * What the console shows an account the chain asks for a second factor it has not turned on:
 * nothing else works until it does (the server refuses every staff and admin route).
 */
export function SecondFactorRequired({
  onEnabled,
  onLogout,
}: {
  onEnabled: () => void;
  onLogout: () => void;
}) {
  return (
    <main className={screen.page}>
      <title>Verificación en dos pasos · Panel</title>
      <div className={screen.card}>
        <h1 className={screen.heading}>Activa la verificación en dos pasos</h1>
        <p className={screen.lead}>
          Tu cuenta debe pedir un código de tu teléfono además de la contraseña. Actívala para usar
          el panel: solo toma un minuto.
        </p>
        <EnrolSecondFactor onDone={onEnabled} />
        <Button variant="ghost" onClick={onLogout}>
          Salir
        </Button>
      </div>
    </main>
  );
}
