// The payment simulator as a process of its own (the tests' and the bench's nodes point
// WOMPI_API_URL at it): node dist/payment-simulator.js --port 4100 --webhook http://…/api/payments/wompi/events
import { parseArgs } from 'node:util';
import { SIMULATOR_KEYS } from '../config';
import { serveSimulator } from './serve';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    webhook: { type: 'string' },
    'late-ms': { type: 'string', default: '3000' },
    'retry-ms': { type: 'string', default: '1000' },
  },
});

const served = await serveSimulator(
  {
    keys: SIMULATOR_KEYS,
    webhookUrl: () => values.webhook ?? null,
    merchant: 'Comanda (simulador)',
    lateMs: Number(values['late-ms']),
    retryMs: Number(values['retry-ms']),
  },
  Number(values.port),
  values.host,
);
console.log(`payment simulator listening on ${served.url}`);
const stop = () => void served.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
