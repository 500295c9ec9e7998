/**
 * The demo chain's fixed accounts (DESIGN §5), so docs and tests can log in with them.
 * Never seeded into a database that already has data.
 */
export const DEMO_PASSWORD = 'comanda123';

export const demoAccounts = [
  { name: 'Camila Restrepo', email: 'cliente@comanda.test', phone: '3001234567', role: 'customer' as const },
  { name: 'Equipo Comanda', email: 'staff@comanda.test', phone: '3007654321', role: 'staff' as const },
];
