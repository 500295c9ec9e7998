import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { buttonClass } from './button';
import { Card, MutedText, Page } from './page';

/**
 * An honest placeholder for a screen not built yet: its real title, a plain note and a way
 * back to the menu. `children` holds whatever of the screen already works.
 */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      {children}
      <Card>
        <MutedText>Estamos preparando esta sección. Muy pronto podrás usarla desde aquí.</MutedText>
        <Link to={paths.menu.getHref()} className={buttonClass('secondary')}>
          Ir al Menu
        </Link>
      </Card>
    </Page>
  );
}
