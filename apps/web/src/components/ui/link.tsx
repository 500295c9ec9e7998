import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/**
 * The app's link: an anchor whose tap the router handles (a modified click, a middle click or a
 * `target` still opens a tab). React Router's own `<Link>` carries its framework mode's route
 * prefetching and view transitions, which a declarative router never uses, and `<NavLink>`
 * brings all of it: 2.5 KB gzipped of every first load (decision 086). Built on the router's
 * own hooks, so the address and the navigation are the router's.
 */
export function Link({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Current only on exactly its path, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows it is the current page (`aria-current="page"`), for tabs and menus. */
export function NavLink({ end = false, className, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(link.to).pathname;
  const isActive =
    pathname === target ||
    (!end && pathname.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
