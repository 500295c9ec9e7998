import type { BrandSettings, brandSettingsBody } from '@comanda/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import type { AdminWrite } from '../../lib/admin-write';
import type { AuditActor } from '../../lib/audit-record';
import type { Remembered } from '../../lib/remembered';
import { brandChange, logoChange, type BrandChange } from './brand-changes';
import { iconFiles, normalizeLogo, type IconFile } from './icons';
import { claimBrand, readBrand, readLogo, saveBrand, saveLogo } from './repository';

// The chain's brand (decisions 046 and 049): read on every page the server sends (its HTML, the
// manifest, the icons), so it is remembered until a change is heard on the catalogue's channel,
// on whichever node the admin saved it. Plain functions of their deps (decision 065).

type BrandBody = z.output<typeof brandSettingsBody>;

/** What the brand's functions read and write with. */
export interface BrandSource {
  db: DbExecutor;
  /** The back office's one write path (lib/admin-write.ts). */
  write: AdminWrite;
  /** The logo the software ships with (an SVG). */
  shippedLogo: () => Promise<Buffer>;
}

/** Every dependency of the brand's functions, made once by createBrandDeps (service.ts). */
export interface BrandDeps extends BrandSource {
  /** The saved brand, until a change is heard. */
  brand: Remembered<BrandSettings>;
  /** The icons, made once per change from the uploaded logo or the shipped one. */
  icons: Remembered<Map<string, IconFile>>;
}

/** The icons on the brand's colour, from the uploaded logo or else the shipped one. */
export async function makeIcons(
  { db, shippedLogo }: BrandSource,
  brand: Remembered<BrandSettings>,
): Promise<Map<string, IconFile>> {
  const [saved, logo] = await Promise.all([brand.get(), readLogo(db)]);
  return iconFiles(logo ? { png: logo } : { svg: await shippedLogo() }, saved.color);
}

export const currentBrand = ({ brand }: BrandDeps): Promise<BrandSettings> => brand.get();

/** One of the icons made from the logo (`favicon.ico`, `icons/icon-192.png`…), or undefined. */
export const brandIcon = async ({ icons }: BrandDeps, name: string) =>
  (await icons.get()).get(name);

/** A change was heard: the next read reads the brand and makes the icons again. */
export function forgetBrand({ brand, icons }: BrandDeps): void {
  brand.forget();
  icons.forget();
}

/** Claims the brand's version, saves, and logs what `changeOf` finds between before and after. */
const writeBrand = (
  { db, write }: BrandSource,
  actor: AuditActor,
  expected: number | undefined,
  save: (trx: DbExecutor) => Promise<void>,
  changeOf: (before: BrandSettings, after: BrandSettings) => BrandChange,
): Promise<BrandSettings> =>
  write.write({
    actor,
    version: {
      claim: (trx) => claimBrand(trx, expected),
      current: () => readBrand(db),
      notFound: '',
    },
    change: async (trx) => {
      const before = await readBrand(trx);
      await save(trx);
      const after = await readBrand(trx);
      return { result: after, ...changeOf(before, after) };
    },
  });

export const updateBrand = (deps: BrandDeps, actor: AuditActor, body: BrandBody) =>
  writeBrand(deps, actor, body.version, (trx) => saveBrand(trx, body), brandChange);

/** An upload is checked and normalised before the write, so a refused file changes nothing. */
export async function setLogo(
  deps: BrandDeps,
  actor: AuditActor,
  input: Buffer | null,
  version: number | undefined,
) {
  const logo = input === null ? null : await normalizeLogo(input);
  return writeBrand(
    deps,
    actor,
    version,
    (trx) => saveLogo(trx, logo),
    (before) => logoChange(before, logo),
  );
}
