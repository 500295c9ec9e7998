import type { BrandSettings, brandSettingsBody } from '@comanda/shared';
import type { z } from 'zod';
import type { AdminWrite } from '../../lib/admin-write';
import type { AuditActor } from '../audit/service';
import type { BrandRepository } from './repository';

type BrandBody = z.output<typeof brandSettingsBody>;

const LABELS = { name: 'nombre', short_name: 'nombre corto', color: 'color' } as const;

/**
 * The change log's entry for a saved brand, and the news every node hears: its rendered pages
 * and its remembered brand are dropped, so the next page load carries the new name. Nothing when
 * nothing moved.
 */
function brandChange(before: BrandSettings, after: BrandSettings) {
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

/**
 * The chain's brand (decision 046): read on every page the server sends (its HTML, the manifest),
 * so it is remembered until a change is heard on the catalogue's channel, on whichever node the
 * admin saved it.
 */
export function createBrandService(deps: {
  /** The saved brand, read outside any transaction. */
  readSaved: () => Promise<BrandSettings>;
  repository: BrandRepository;
  write: AdminWrite;
  subscribe: (listener: () => void) => void;
}) {
  let remembered: Promise<BrandSettings> | null = null;
  deps.subscribe(() => {
    remembered = null;
  });

  const current = (): Promise<BrandSettings> => {
    if (!remembered) {
      const reading = deps.readSaved();
      remembered = reading;
      reading.catch(() => {
        if (remembered === reading) remembered = null;
      });
    }
    return remembered;
  };

  function update(actor: AuditActor, body: BrandBody): Promise<BrandSettings> {
    return deps.write.write({
      actor,
      version: {
        claim: (trx) => deps.repository.claim(trx, body.version),
        current: () => deps.readSaved(),
        notFound: '',
      },
      change: async (trx) => {
        const before = await deps.repository.read(trx);
        await deps.repository.save(trx, body);
        const after = await deps.repository.read(trx);
        return { result: after, ...brandChange(before, after) };
      },
    });
  }

  return { current, update };
}

export type BrandService = ReturnType<typeof createBrandService>;
