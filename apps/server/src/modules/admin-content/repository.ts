import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createBannersRepository } from './banners-repository';
import { createCouponsRepository } from './coupons-repository';
import { createPaymentTypesRepository } from './payment-types-repository';
import { createSocialLinksRepository } from './social-links-repository';
import { createSurveyOptionsRepository } from './survey-options-repository';

/**
 * The Contenido section's reads and writes, one file per resource (`*-repository.ts`), composed
 * into the one object its services are given. Writes take the caller's transaction, so a change
 * and its change-log row commit together.
 */
export function createAdminContentRepository(db: Kysely<Database>) {
  return {
    ...createBannersRepository(db),
    ...createCouponsRepository(db),
    ...createPaymentTypesRepository(db),
    ...createSurveyOptionsRepository(db),
    ...createSocialLinksRepository(db),
  };
}

export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>;
