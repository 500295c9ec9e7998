import {
  adminBannerListResponse,
  adminCouponListResponse,
  adminPaymentTypeListResponse,
  adminSocialLinksResponse,
  adminSurveyOptionListResponse,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer, login } from '../../helpers/ordering';
import { expectStaleSaveRefused } from '../../lib/stale-version';

// Contenido's banners, coupons, payment methods, survey options and social links are each saved
// under a version (decision 032): a save from a copy saved by someone else since is refused
// with the current copy, and nothing changes.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@comanda.test');
});
afterAll(() => t.close());

const send = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(admin),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const IMG = '/images/banners/promo.1a2b3c4d.webp';

describe('a stale version', () => {
  it('is refused on a banner', async () => {
    const banners = async () =>
      adminBannerListResponse.parse((await send('GET', '/api/admin/banners')).json()).results;
    const { id } = (await banners())[0]!;
    await expectStaleSaveRefused(t.database, {
      read: async () => (await banners()).find((b) => b.id === id)!,
      save: (version, round) =>
        send('PUT', `/api/admin/banners/${id}`, {
          title: `Banner ${round}`,
          image: IMG,
          active_from: null,
          active_to: null,
          version,
        }),
    });
  });

  it('is refused on a branch’s coupon', async () => {
    const coupons = async () =>
      adminCouponListResponse.parse((await send('GET', '/api/admin/coupons')).json()).results;
    const branchId = (await coupons()).find((c) => c.coupon !== null)!.branch_id;
    await expectStaleSaveRefused(t.database, {
      read: async () => {
        const entry = (await coupons()).find((c) => c.branch_id === branchId)!;
        return { ...entry, version: entry.coupon!.version };
      },
      copy: ({ version: _version, ...entry }) => entry,
      save: (version, round) =>
        send('PUT', `/api/admin/coupons/${branchId}`, {
          title: `Cupón ${round}`,
          description: 'En caja.',
          main_image: IMG,
          confirmation_image: IMG,
          discount_percent: round === 'first' ? 15 : 0,
          discount_amount: round === 'first' ? 0 : 8000,
          valid_days: round === 'first' ? 20 : 60,
          version,
        }),
    });
  });

  it('is refused on a payment method', async () => {
    const methods = async () =>
      adminPaymentTypeListResponse.parse((await send('GET', '/api/admin/payment-types')).json())
        .results;
    const { id } = (await methods())[0]!;
    await expectStaleSaveRefused(t.database, {
      read: async () => (await methods()).find((m) => m.id === id)!,
      save: (version, round) =>
        send('PUT', `/api/admin/payment-types/${id}`, { description: `Pago ${round}`, version }),
    });
  });

  it('is refused on a survey option', async () => {
    const options = async () =>
      adminSurveyOptionListResponse.parse((await send('GET', '/api/admin/survey-options')).json())
        .results;
    const { id } = (await options())[0]!;
    await expectStaleSaveRefused(t.database, {
      read: async () => (await options()).find((o) => o.id === id)!,
      save: (version, round) =>
        send('PUT', `/api/admin/survey-options/${id}`, { description: `Opción ${round}`, version }),
    });
  });

  it('is refused on the social links, saved as one form', async () => {
    const links = async () =>
      adminSocialLinksResponse.parse((await send('GET', '/api/admin/social-links')).json()).results;
    await expectStaleSaveRefused(t.database, {
      read: links,
      save: (version, round) =>
        send('PUT', '/api/admin/social-links', {
          instagram: {
            handle: `@comanda_${round}`,
            url: 'https://instagram.com/comanda',
            active: true,
          },
          facebook: { handle: 'Comanda', url: 'https://facebook.com/comanda', active: true },
          whatsapp: { handle: 'Pedidos', number: '573001234567', active: round === 'first' },
          version,
        }),
    });
  });
});
