import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NavLink } from '@/components/ui/link';
import {
  HeartIcon,
  LoginIcon,
  LogoutIcon,
  PinIcon,
  ReceiptIcon,
  HomeIcon,
  UserIcon,
} from '@/components/ui/more-icons';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { ADDRESS_STORAGE_KEY } from '@/features/account/lib/storage-keys';
import { useSession } from '@/stores/session-store';
import styles from './drawer.module.css';

interface DrawerEntry {
  to: string;
  label: string;
  icon: ReactNode;
  /** true: logged in only; false: logged out only; undefined: always. */
  loggedIn?: boolean;
}

/** product.md «Screens and routes», exactly its entries and their visibility. */
export const DRAWER_ENTRIES: readonly DrawerEntry[] = [
  { to: paths.menu.getHref(), label: 'Ir al Menu', icon: <HomeIcon /> },
  { to: paths.orders.getHref(), label: 'Mis Pedidos', icon: <ReceiptIcon />, loggedIn: true },
  { to: paths.addresses.getHref(), label: 'Mis Direcciones', icon: <PinIcon />, loggedIn: true },
  { to: paths.favorites.getHref(), label: 'Favoritos', icon: <HeartIcon />, loggedIn: true },
  { to: paths.login.getHref(), label: 'Login o Registro', icon: <LoginIcon />, loggedIn: false },
];

export function drawerEntriesFor(loggedIn: boolean): readonly DrawerEntry[] {
  return DRAWER_ENTRIES.filter(
    (entry) => entry.loggedIn === undefined || entry.loggedIn === loggedIn,
  );
}

interface DrawerProps {
  open: boolean;
  onClose: () => void;
}

// It reads the session itself: this module is downloaded when the drawer first opens, so the
// first load of every page does not carry what only the drawer shows.
export default function Drawer({ open, onClose }: DrawerProps) {
  const loggedIn = useSession((state) => state.loggedIn);
  const email = useSession((state) => state.user?.email);
  const logout = useSession((state) => state.logout);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logOut = () => {
    const token = useSession.getState().access_token;
    // product.md «States and transitions»: the session goes at once, on this device, whatever the network does. Revoking
    // the token and the cleanup load on demand: the first load of every page does not carry them.
    logout();
    onClose();
    try {
      localStorage.removeItem(ADDRESS_STORAGE_KEY);
    } catch {
      // Storage unavailable (private mode): nothing was stored there then.
    }
    void navigate(paths.landing.getHref());
    import('@/features/account/lib/finish-logout')
      .then(({ finishLogout }) => finishLogout(queryClient, token))
      .catch(() => undefined);
  };

  return (
    <Sheet open={open} onClose={onClose} side="left" title="Bienvenido" closeLabel="Cerrar menú">
      <p className={styles.who}>
        <span className={styles.avatar}>
          <UserIcon />
        </span>
        <span>{loggedIn && email ? email : 'Cliente'}</span>
      </p>
      <nav aria-label="Menú principal">
        <ul className={styles.list}>
          {drawerEntriesFor(loggedIn).map((entry) => (
            <li key={entry.to}>
              {/* Closing here too covers a tap on the entry of the screen already shown. */}
              <NavLink to={entry.to} className={styles.entry} onClick={onClose} end>
                {entry.icon}
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loggedIn ? (
        <div className={styles.footer}>
          <button type="button" className={styles.entry} onClick={logOut}>
            <LogoutIcon />
            Cerrar sesión
          </button>
        </div>
      ) : null}
    </Sheet>
  );
}
