#!/usr/bin/env node
// Writes the HAProxy configuration for N Comanda nodes (decision 078) from haproxy.cfg.template:
//   node deploy/render-haproxy.mjs --bind :80 127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003 \
//     > /etc/haproxy/haproxy.cfg
// Each argument after the options is one node's address:port; `--bind` is where HAProxy listens
// (HAProxy's own syntax: `:80`, `10.0.0.5:80`, `:443 ssl crt /etc/haproxy/comanda.pem`).
// `haproxy -c -f <file>` checks the result.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const templateFile = fileURLToPath(new URL('./haproxy.cfg.template', import.meta.url));

/** The configuration text for `nodes` (address:port each) behind `bind`. */
export function renderHaproxy({ bind, nodes }) {
  if (nodes.length === 0) throw new Error('name at least one node (address:port)');
  for (const node of nodes)
    if (!/^[\w.[\]:-]+:\d+$/.test(node)) throw new Error(`not an address:port: ${node}`);
  const name = (i) => `node${i + 1}`;
  const servers = nodes.map((node, i) => `    server ${name(i)} ${node}`).join('\n');
  const realtime = nodes
    .map((node, i) => `    server ${name(i)} ${node} track nodes/${name(i)} cookie ${name(i)}`)
    .join('\n');
  return readFileSync(templateFile, 'utf8')
    .replace('{{bind}}', bind)
    .replace('{{servers}}', servers)
    .replace('{{realtime_servers}}', realtime);
}

function parseArguments(argv) {
  const nodes = [];
  let bind = ':80';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--bind') bind = argv[++i] ?? '';
    else nodes.push(argv[i]);
  }
  return { bind, nodes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(renderHaproxy(parseArguments(process.argv.slice(2))));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
