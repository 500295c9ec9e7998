// Socket constants, apart from the zod schemas so the storefront can import them without zod.

/** Socket.IO event names (product.md «Socket events»). */
export const SOCKET_EVENTS = {
  confirmCart: 'confirm-cart',
  orderStatus: 'order-status',
  newOrder: 'new-order',
  /** To every socket: a branch paused, resumed or changed its rush minutes. */
  branchStatus: 'branch-status',
  /** To every socket: a product sold out, or back, at a branch. */
  availability: 'availability',
  /** To every socket: an option of a product sold out, or back, at a branch (decision 050). */
  optionAvailability: 'option-availability',
  /** To every socket: the menu or its prices changed (back office); read the catalogue again. */
  catalogChanged: 'catalog-changed',
  /**
   * To every signed-in socket: events may have been missed (a node's Redis was away); read again
   * what is shown, as after a reconnection.
   */
  resync: 'resync',
  /** To a courier and their branch's staff: a trip was made, changed, left or finished (decision 068). */
  trip: 'trip',
  /** To a branch's staff: a courier's shift or state changed; read the couriers again. */
  couriers: 'couriers',
  /** To an order's customer: the courier's position moved the arrival estimate. */
  eta: 'eta',
  /** To a branch's staff: a kitchen station bumped, or took back, an order's item (decision 072). */
  stationItem: 'station-item',
} as const;

/** product.md «Business constants»: the client's reconnect settings. */
export const SOCKET_RECONNECT = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;
