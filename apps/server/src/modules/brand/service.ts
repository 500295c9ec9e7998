import type { BrandSettings, brandSettingsBody } from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AdminWrite, ChangeDone } from '../../lib/admin-write';
import type { AuditActor } from '../audit/service';
import { iconFiles, normalizeLogo, type IconFile } from './icons';
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

/** What a brand write logs and publishes. */
type BrandChange = Omit<ChangeDone<BrandSettings>, 'result'>;

/** The change log's entry for a logo uploaded (`logo`) or put back to the shipped one (null). */
function logoChange(before: BrandSettings, logo: Buffer | null) {
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

/** A promise kept until `forget`, and forgotten too if it fails (the next caller reads again). */
function remembered<T>(read: () => Promise<T>) {
  let kept: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      if (!kept) {
        const reading = read();
        kept = reading;
        reading.catch(() => {
          if (kept === reading) kept = null;
        });
      }
      return kept;
    },
    forget() {
      kept = null;
    },
  };
}

interface BrandServiceDeps {
  /** The saved brand, read outside any transaction. */
  readSaved: () => Promise<BrandSettings>;
  /** The uploaded logo, or null. */
  readLogo: () => Promise<Buffer | null>;
  /** The logo the software ships with (an SVG). */
  shippedLogo: () => Promise<Buffer>;
  repository: BrandRepository;
  write: AdminWrite;
  subscribe: (listener: () => void) => void;
}

/**
 * The chain's brand (decisions 046 and 049): read on every page the server sends (its HTML, the
 * manifest, the icons), so it is remembered until a change is heard on the catalogue's channel,
 * on whichever node the admin saved it. The icons are made once per change, from the uploaded
 * logo or the shipped one, on the brand's colour.
 */
export function createBrandService(deps: BrandServiceDeps) {
  const brand = remembered(deps.readSaved);
  const icons = remembered(async (): Promise<Map<string, IconFile>> => {
    const [saved, logo] = await Promise.all([brand.get(), deps.readLogo()]);
    return iconFiles(logo ? { png: logo } : { svg: await deps.shippedLogo() }, saved.color);
  });
  deps.subscribe(() => {
    brand.forget();
    icons.forget();
  });

  /** Claims the brand's version, saves, and logs what `changeOf` finds between before and after. */
  const writeBrand = (
    actor: AuditActor,
    expected: number | undefined,
    save: (trx: DbExecutor) => Promise<void>,
    changeOf: (before: BrandSettings, after: BrandSettings) => BrandChange,
  ): Promise<BrandSettings> =>
    deps.write.write({
      actor,
      version: {
        claim: (trx) => deps.repository.claim(trx, expected),
        current: () => deps.readSaved(),
        notFound: '',
      },
      change: async (trx) => {
        const before = await deps.repository.read(trx);
        await save(trx);
        const after = await deps.repository.read(trx);
        return { result: after, ...changeOf(before, after) };
      },
    });

  const update = (actor: AuditActor, body: BrandBody) =>
    writeBrand(actor, body.version, (trx) => deps.repository.save(trx, body), brandChange);

  /** An upload is checked and normalised before the write, so a refused file changes nothing. */
  async function setLogo(actor: AuditActor, input: Buffer | null, version: number | undefined) {
    const logo = input === null ? null : await normalizeLogo(input);
    return writeBrand(
      actor,
      version,
      (trx) => deps.repository.saveLogo(trx, logo),
      (before) => logoChange(before, logo),
    );
  }

  return {
    current: brand.get,
    /** One of the icons made from the logo (`favicon.ico`, `icons/icon-192.png`…), or undefined. */
    icon: async (name: string) => (await icons.get()).get(name),
    update,
    setLogo,
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
