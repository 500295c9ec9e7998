// The brand's service: its plain functions bound to its one set of dependencies (decision 065).
import { bind } from '../../lib/bind';
import { remembered } from '../../lib/remembered';
import {
  brandIcon,
  currentBrand,
  forgetBrand,
  makeIcons,
  setLogo,
  updateBrand,
  type BrandDeps,
  type BrandSource,
} from './brand';
import { readBrand } from './repository';

/** The brand's state made once: the saved brand and its icons, read when first asked for. */
export function createBrandDeps(source: BrandSource): BrandDeps {
  const brand = remembered(() => readBrand(source.db));
  return {
    db: source.db,
    write: source.write,
    shippedLogo: source.shippedLogo,
    brand,
    icons: remembered(() => makeIcons(source, brand)),
  };
}

/** The chain's brand, as app.brand: Marca in the back office; the storefront and emails read it. */
export function createBrandService(deps: BrandDeps) {
  return {
    current: bind(deps, currentBrand),
    icon: bind(deps, brandIcon),
    update: bind(deps, updateBrand),
    setLogo: bind(deps, setLogo),
    /** Drops what is remembered: the plugin calls it on every catalogue change heard. */
    forget: bind(deps, forgetBrand),
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
