import type { BrandSettings } from '@comanda/shared';
import type { ChangeDone } from '../../lib/admin-write';

// What a brand write logs and publishes: the change log's entry, and the catalogue change every
// node hears (its rendered pages and its remembered brand are dropped). Nothing when nothing moved.

/** What a brand write logs and publishes. */
export type BrandChange = Omit<ChangeDone<BrandSettings>, 'result'>;

const LABELS = { name: 'nombre', short_name: 'nombre corto', color: 'color' } as const;

/** A saved name, short name or colour: the next page load carries the new one. */
export function brandChange(before: BrandSettings, after: BrandSettings): BrandChange {
  const moved = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter(
    (key) => before[key] !== after[key],
  );
  if (moved.length === 0) return { audit: null, publish: [] };
  const { version: _before, ...was } = before;
  const { version: _after, ...now } = after;
  return {
    audit: {
      action: 'update' as const,
      entity: 'brand',
      entity_id: 1,
      summary: `Marca: ${moved.map((key) => `${LABELS[key]} «${after[key]}»`).join(', ')}`,
      before: was,
      after: now,
    },
    publish: [{ type: 'catalog' as const }],
  };
}

/** A logo uploaded (`logo`) or put back to the shipped one (null). */
export function logoChange(before: BrandSettings, logo: Buffer | null): BrandChange {
  if (!before.logo && logo === null) return { audit: null, publish: [] };
  return {
    audit: {
      action: 'update' as const,
      entity: 'brand',
      entity_id: 1,
      summary: logo ? 'Marca: logo nuevo' : 'Marca: vuelve al logo de la instalación',
      before: { logo: before.logo },
      after: { logo: logo !== null },
    },
    publish: [{ type: 'catalog' as const }],
  };
}
