/** What the console says where no server message applies. */
export const PANEL_MESSAGES = {
  noAccess: 'Esta cuenta no tiene acceso al panel',
  noAccessDetail:
    'El panel es para el personal de las sedes. Entra con una cuenta de personal o de administración.',
  offline: 'Sin conexión',
  offlineDetail:
    'Los pedidos nuevos no llegan mientras tanto. Al volver la conexión el tablero se pone al día solo.',
} as const;
