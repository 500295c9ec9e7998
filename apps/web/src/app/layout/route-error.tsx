import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { pageTitle } from '@/lib/brand';

interface Props {
  children: ReactNode;
}

/**
 * A screen that throws or whose chunk fails to download (after a deploy, say) gets a Spanish
 * message and a reload, never a blank page. It wraps the outlet, so the header and drawer stay;
 * the layout keys it by location, so navigating away clears the error.
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <title>{pageTitle('Algo salió mal')}</title>
        <ErrorState
          message="Algo salió mal al mostrar esta pantalla."
          onRetry={() => window.location.reload()}
        />
      </>
    );
  }
}
