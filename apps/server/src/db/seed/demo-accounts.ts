import type { Role } from '../../lib/authorization';

/**
 * The demo chain's fixed accounts, so docs and tests can log in with them.
 * Never seeded into a database that already has data.
 */
export const DEMO_PASSWORD = 'comanda123';

export interface DemoAccount {
  name: string;
  email: string;
  phone: string;
  role: Role;
  /** Staff and couriers only: the slugs of the branches they work at, or 'all'. */
  branches?: 'all' | string[];
}

export const demoAccounts: DemoAccount[] = [
  { name: 'Camila Restrepo', email: 'cliente@comanda.test', phone: '3001234567', role: 'customer' },
  {
    name: 'Equipo Comanda',
    email: 'staff@comanda.test',
    phone: '3007654321',
    role: 'staff',
    branches: 'all',
  },
  {
    name: 'Equipo Campiña',
    email: 'campina@comanda.test',
    phone: '3007654322',
    role: 'staff',
    branches: ['campina'],
  },
  // Two couriers of the first branch (decision 068): they log in at /panel and land on Reparto.
  {
    name: 'Andrés Gómez',
    email: 'reparto@comanda.test',
    phone: '3007654324',
    role: 'courier',
    branches: ['campina'],
  },
  {
    name: 'Luisa Fernanda Ortiz',
    email: 'reparto2@comanda.test',
    phone: '3007654325',
    role: 'courier',
    branches: ['campina'],
  },
  {
    name: 'Administración Comanda',
    email: 'admin@comanda.test',
    phone: '3007654323',
    role: 'admin',
  },
];
