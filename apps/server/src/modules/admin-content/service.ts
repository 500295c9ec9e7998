import { createBannersService } from './banners';
import { createCouponsService } from './coupons';
import type { AdminContentDeps } from './deps';
import { createPaymentTypesService } from './payment-types';
import { createSocialLinksService } from './social-links';
import { createSurveyOptionsService } from './survey-options';

/** The back office's Contenido section, one file per resource; every write through lib/admin-write.ts. */
export function createAdminContentService(deps: AdminContentDeps) {
  return {
    banners: createBannersService(deps),
    coupons: createCouponsService(deps),
    paymentTypes: createPaymentTypesService(deps),
    surveyOptions: createSurveyOptionsService(deps),
    socialLinks: createSocialLinksService(deps),
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
