import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import styles from './app-layout.module.css';

/**
 * A screen that throws or whose chunk fails to download (after a deploy, say) gets a Spanish
 * message and a reload, never a blank page. ScreenError keeps the header and drawer around it;
 * RootError is the last resort when the frame itself fails.
 */
function RouteErrorMessage() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) && error.status === 404 ? 'Esta dirección no existe.' : undefined;
  return (
    <>
      <title>Algo salió mal · Comanda</title>
      <ErrorState
        message="Algo salió mal al mostrar esta pantalla."
        detail={detail}
        onRetry={() => window.location.reload()}
      />
    </>
  );
}

export function ScreenError() {
  return <RouteErrorMessage />;
}

export function RootError() {
  return (
    <main className={styles.main}>
      <RouteErrorMessage />
    </main>
  );
}
