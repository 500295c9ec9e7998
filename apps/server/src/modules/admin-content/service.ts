// The back office's Contenido section: its plain functions bound to its one set of dependencies
// (decision 065), one group per resource file; every write through lib/admin-write.ts.
import { bind } from '../../lib/bind';
import { adminBanners, createBanner, editBanner, reorderBanners } from './banners';
import { adminCoupons, saveCoupon } from './coupons';
import type { AdminContentDeps } from './types';
import {
  adminPaymentTypes,
  createPaymentType,
  editPaymentType,
  reorderPaymentTypes,
} from './payment-types';
import { adminSocialLinks, saveSocialLinks } from './social-links';
import {
  adminSurveyOptions,
  createSurveyOption,
  editSurveyOption,
  removeSurveyOption,
  reorderSurveyOptions,
} from './survey-options';

/** Banners, coupons, payment methods, the survey and the social links, as app.adminContent. */
export function createAdminContentService(deps: AdminContentDeps) {
  return {
    banners: {
      list: bind(deps.write.reader, adminBanners),
      create: bind(deps, createBanner),
      update: bind(deps, editBanner),
      reorder: bind(deps, reorderBanners),
    },
    coupons: {
      list: bind(deps.write.reader, adminCoupons),
      save: bind(deps, saveCoupon),
    },
    paymentTypes: {
      list: bind(deps.write.reader, adminPaymentTypes),
      create: bind(deps, createPaymentType),
      update: bind(deps, editPaymentType),
      reorder: bind(deps, reorderPaymentTypes),
    },
    surveyOptions: {
      list: bind(deps.write.reader, adminSurveyOptions),
      create: bind(deps, createSurveyOption),
      update: bind(deps, editSurveyOption),
      reorder: bind(deps, reorderSurveyOptions),
      remove: bind(deps, removeSurveyOption),
    },
    socialLinks: {
      get: bind(deps.write.reader, adminSocialLinks),
      save: bind(deps, saveSocialLinks),
    },
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
