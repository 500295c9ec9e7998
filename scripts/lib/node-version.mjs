// The Node the project supports is the one package.json's `engines.node` names (`>=22.12.0`,
// the same major as .nvmrc). npm only warns about it; `npm start` and `npm test` refuse another
// with one line instead of running on a Node whose behaviour nobody tested.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build.mjs';

const parse = (version) => version.replace(/^v/, '').split('.').map(Number);

/** The lowest supported version, from package.json's `engines.node` (`>=X.Y.Z`). */
export function lowestSupported() {
  const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const match = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines.trim());
  if (!match) throw new Error(`package.json engines.node is not ">=X.Y.Z": ${engines}`);
  return match[1];
}

/** Null when `version` is at least `lowest`, else the one line that says why not. */
export function unsupportedNode(version, lowest = lowestSupported()) {
  const [have, want] = [parse(version), parse(lowest)];
  for (let i = 0; i < 3; i += 1) {
    if (have[i] > want[i]) return null;
    if (have[i] < want[i])
      return `Comanda needs Node ${lowest} or newer (.nvmrc names ${want[0]}); this is Node ${version.replace(/^v/, '')}. With nvm: nvm install && nvm use.`;
  }
  return null;
}

/** Stops the script with that line when this Node is not supported. */
export function requireSupportedNode() {
  const refusal = unsupportedNode(process.versions.node);
  if (refusal === null) return;
  console.error(refusal);
  process.exit(1);
}
