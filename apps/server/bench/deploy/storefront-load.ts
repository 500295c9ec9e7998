// Customers and branch consoles as the web app behaves, through the proxy (decision 078): what the
// rolling-restart test and `npm run bench:deploy` put on the nodes while they restart. A customer
// browses a product over HTTP, then sends `confirm-cart` on its socket and keeps the order, same
// client_order_id, until it is answered, sending it again on every new connection
// (apps/web/src/features/checkout/api/confirm-cart.ts), with the storefront's reconnect settings
// (SOCKET_RECONNECT) and transports (apps/web/src/lib/socket.ts). What the customer would see as an
// error — a refusal, no answer within SOCKET_RECONNECT.timeout (the storefront's "no answer in
// time"), a page that does not load — is counted as client-visible; a connection that drops and
// comes back, with the order sent again, is a retry the app absorbed. A console hears `new-order`
// and, on every connection, reads the open orders again, as use-panel-realtime.ts does.
import {
  SOCKET_EVENTS,
  SOCKET_RECONNECT,
  confirmCartAnswer,
  endpoints,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import { io, type Socket } from 'socket.io-client';
import { cartLine, expectedTotal, orderPayload } from '../../test/helpers/orders';

export interface LoadOptions {
  base: string;
  customerTokens: string[];
  staffTokens: string[];
  branch: { id: number; title: string };
  products: Product[];
  /** A customer's pause before each order, drawn between these (ms); the first from 0. */
  thinkMs: readonly [number, number];
  /**
   * Orders per customer at most: a console's read of its board after a reconnection returns the
   * branch's oldest 500 open orders (STAFF_LIST_LIMIT), and nobody here moves one along.
   */
  ordersEach: number;
}

/** One acknowledged order: its id, its total, when it was first sent and when it was answered. */
export interface Acknowledged {
  id: number;
  total: number;
  expectedTotal: number;
  phase: string;
  ms: number;
}

type Payload = ReturnType<typeof orderPayload>;

/** The storefront's connection options (apps/web/src/lib/socket.ts). */
function storefrontSocket(base: string, token: string): Socket {
  return io(base, {
    path: '/socket.io',
    query: { token },
    ...SOCKET_RECONNECT,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    forceNew: true,
  });
}

/**
 * What lib/socket.ts does beyond socket.io-client: a server-side disconnect or a refused
 * handshake is not retried by the library, so the app connects again after the longest backoff.
 */
function reconnectLikeTheApp(socket: Socket, counts: LoadCounts) {
  const later = () => setTimeout(() => socket.connect(), SOCKET_RECONNECT.reconnectionDelayMax);
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') {
      counts.serverDisconnects++;
      later();
    }
  });
  socket.on('connect_error', () => {
    if (!socket.active) later();
  });
}

export interface LoadCounts {
  reconnections: number;
  /** An unanswered order sent again on a new connection, as the storefront does. */
  retriesAbsorbed: number;
  serverDisconnects: number;
}

export function startLoad(options: LoadOptions) {
  let running = true;
  let stopped: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (stopped = resolve));
  /** A customer's pause, cut short when the load stops. */
  const pauseFor = (ms: number) => Promise.race([sleep(ms), stopping]);
  let phase = 'before';
  const counts: LoadCounts = { reconnections: 0, retriesAbsorbed: 0, serverDisconnects: 0 };
  const acknowledged = new Map<string, Acknowledged>();
  const visibleErrors: string[] = [];
  const sockets: Socket[] = [];
  let n = 0;

  const customer = async (token: string) => {
    const tab = storefrontTab(options.base, token, counts);
    sockets.push(tab.socket);
    const [least, most] = options.thinkMs;
    // The first order comes any time within a pause, so the customers do not arrive together.
    let pause = Math.random() * most;
    for (let placed = 0; running && placed < options.ordersEach; placed++) {
      await pauseFor(pause);
      pause = least + Math.random() * (most - least);
      if (!running) break;
      const i = n++;
      const product = options.products[i % options.products.length]!;
      const page = await browse(options, product);
      if (page !== 200) visibleErrors.push(`product page: ${page}`);
      const payload = orderPayload(options.branch, [cartLine(product, 1 + (i % 3), i % 2)]);
      const orderPhase = phase;
      const started = performance.now();
      const answer = await tab.confirmCart(payload);
      if (!answer) visibleErrors.push('confirm-cart: no answer in time');
      else if (!answer.status)
        visibleErrors.push(`confirm-cart refused: ${JSON.stringify(answer.errors)}`);
      else
        acknowledged.set(payload.client_order_id, {
          id: answer.order.id,
          total: answer.order.total,
          expectedTotal: expectedTotal(payload),
          phase: orderPhase,
          ms: performance.now() - started,
        });
    }
  };

  const boards = options.staffTokens.map((token) => board(options, token, counts, visibleErrors));
  sockets.push(...boards.map((b) => b.socket));
  const customers = options.customerTokens.map((token) => customer(token));

  return {
    counts,
    acknowledged,
    visibleErrors,
    boards,
    /** Labels the orders started from now on (`before`, `restarts`, `crash`…). */
    setPhase(name: string) {
      phase = name;
    },
    /** Sockets connected now, of all customers and boards. */
    connected: () => sockets.filter((socket) => socket.connected).length,
    /** Stops placing: every order on its way is answered (or times out) first. */
    async stop() {
      running = false;
      stopped();
      await Promise.all(customers);
    },
    close() {
      for (const socket of sockets) socket.disconnect();
    },
  };
}

export type Load = ReturnType<typeof startLoad>;

/** A product's page, as a customer opens it before ordering: its status, or the network error. */
function browse(options: LoadOptions, product: Product): Promise<number | string> {
  return fetch(`${options.base}/api/products/${product.slug}/${options.branch.id}`)
    .then(async (res) => (await res.arrayBuffer(), res.status))
    .catch((error: unknown) => String(error));
}

/**
 * A storefront tab's connection and its confirmCart (apps/web/src/features/checkout/api/
 * confirm-cart.ts): the order goes out on the live connection, and again, same id, on every new
 * connection until its answer comes; null when none came within SOCKET_RECONNECT.timeout.
 */
function storefrontTab(base: string, token: string, counts: LoadCounts) {
  const socket = storefrontSocket(base, token);
  reconnectLikeTheApp(socket, counts);
  let pending: Payload | null = null;
  let answered: ((answer: ConfirmCartAnswer) => void) | null = null;
  let connections = 0;
  socket.on('connect', () => {
    if (connections++ > 0) counts.reconnections++;
    if (!pending) return;
    counts.retriesAbsorbed++;
    socket.emit(SOCKET_EVENTS.confirmCart, pending);
  });
  socket.on(SOCKET_EVENTS.confirmCart, (raw: unknown) => {
    const parsed = confirmCartAnswer.safeParse(raw);
    if (parsed.success && parsed.data.client_order_id === pending?.client_order_id)
      answered?.(parsed.data);
  });
  return {
    socket,
    async confirmCart(payload: Payload): Promise<ConfirmCartAnswer | null> {
      const answer = new Promise<ConfirmCartAnswer>((resolve) => (answered = resolve));
      pending = payload;
      // emitNow: only on a live connection; otherwise the next connection sends it.
      if (socket.connected) socket.emit(SOCKET_EVENTS.confirmCart, payload);
      const result = await Promise.race([answer, sleep(SOCKET_RECONNECT.timeout)]);
      pending = null;
      answered = null;
      return result ?? null;
    },
  };
}

/** A branch console: what it heard, and what it read on each (re)connection. */
function board(options: LoadOptions, token: string, counts: LoadCounts, visibleErrors: string[]) {
  const socket = storefrontSocket(options.base, token);
  reconnectLikeTheApp(socket, counts);
  const heard = new Set<number>();
  const read = new Set<number>();
  let connections = 0;
  /** GET /api/staff/orders?scope=open: the board's own read (get-open-orders.ts). */
  const readBoard = async () => {
    const query = `branch_id=${options.branch.id}&scope=open`;
    const res = await fetch(`${options.base}${endpoints.getStaffOrders.path}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`board read: ${res.status}`);
    for (const order of ((await res.json()) as { results: { id: number }[] }).results)
      read.add(order.id);
  };
  let reading: Promise<void> = Promise.resolve();
  socket.on(SOCKET_EVENTS.newOrder, (order: { id: number }) => heard.add(order.id));
  socket.on('connect', () => {
    if (connections++ > 0) counts.reconnections++;
    reading = readBoard().catch((error: unknown) => void visibleErrors.push(String(error)));
  });
  return {
    socket,
    heard,
    read,
    /** Whether this board shows the order: heard live, or read again after a reconnection. */
    shows: (id: number) => heard.has(id) || read.has(id),
    /** Waits for the read of the latest connection, if one is on the wire. */
    settled: () => reading,
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
