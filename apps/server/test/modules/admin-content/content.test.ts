import {
  ADMIN_CONTENT_MESSAGES as M,
  ADMIN_MESSAGES,
  CHECKOUT_MESSAGES,
  addDays,
  adminBannerListResponse,
  adminBannerResponse,
  adminCouponListResponse,
  adminCouponResponse,
  adminPaymentTypeListResponse,
  adminPaymentTypeResponse,
  adminSocialLinksResponse,
  adminSurveyOptionListResponse,
  adminSurveyOptionResponse,
  auditListResponse,
  bannerListResponse,
  couponResponse,
  paymentTypeListResponse,
  socialLinksResponse,
  surveyOptionRemovalResponse,
  surveyParameterListResponse,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
  refused,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';
import { clearOfMidnight, todayOn } from '../../helpers/clock';

// The Contenido section of the back office: what the admin changes, what the storefront then
// shows (through the cached catalogue answers), what placement accepts, and the change log.

let t: TestApp;
let tokens: { customer: string; campina: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = tokens.admin) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const publicGet = async (url: string) => {
  const res = await t.app.inject(url);
  return res;
};
const lastAudit = async (entity: string) =>
  auditListResponse.parse((await call('GET', `/api/admin/audit?entity=${entity}`)).json())
    .results[0]!;
const IMG = '/images/banners/promo.1a2b3c4d.webp';

describe('banners', () => {
  it('creates a banner at the end, which the storefront shows at once, and records it', async () => {
    await t.app.inject('/api/banner'); // warm the cached answer: the change must drop it
    const res = await call('POST', '/api/admin/banners', { title: 'Martes de alitas', image: IMG });
    expect(res.statusCode).toBe(201);
    const created = adminBannerResponse.parse(res.json()).results;
    expect(created).toMatchObject({
      title: 'Martes de alitas',
      image: IMG,
      active: true,
      active_from: null,
      active_to: null,
    });
    const all = adminBannerListResponse.parse(
      (await call('GET', '/api/admin/banners')).json(),
    ).results;
    expect(all.at(-1)!.id).toBe(created.id);

    const shown = bannerListResponse.parse((await publicGet('/api/banner')).json()).results;
    expect(shown.at(-1)).toEqual({
      id: created.id,
      title: 'Martes de alitas',
      real_image: IMG,
      promotion: null,
    });
    expect(await lastAudit('banner')).toMatchObject({
      action: 'create',
      entity_id: String(created.id),
      user: 'admin@comanda.test',
      summary: 'Banner «Martes de alitas» creado',
    });
  });

  it('shows a banner only within its window of chain days', async () => {
    // One chain day from the banners' saves to the read: the SQLite suite crosses midnight.
    clearOfMidnight(t.clock);
    const today = todayOn(t.clock);
    const make = async (title: string, from: string | null, to: string | null) =>
      adminBannerResponse.parse(
        (
          await call('POST', '/api/admin/banners', {
            title,
            image: IMG,
            active_from: from,
            active_to: to,
          })
        ).json(),
      ).results.id;
    const future = await make('Desde mañana', addDays(today, 1), null);
    const past = await make('Hasta ayer', null, addDays(today, -1));
    const now = await make('Solo hoy', today, today);
    const shown = bannerListResponse
      .parse((await publicGet('/api/banner')).json())
      .results.map((b) => b.id);
    expect(shown).toContain(now);
    expect(shown).not.toContain(future);
    expect(shown).not.toContain(past);

    // Moving the window to today shows it on the next read.
    await call('PUT', `/api/admin/banners/${future}`, {
      title: 'Desde mañana',
      image: IMG,
      active_from: today,
      active_to: '',
    });
    expect(
      bannerListResponse.parse((await publicGet('/api/banner')).json()).results.map((b) => b.id),
    ).toContain(future);
  });

  it('links a banner to its promotion: the storefront says where it applies, an edit without it keeps it, a deleted promotion empties it', async () => {
    const burgers = await t.database.db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'hamburguesas')
      .executeTakeFirstOrThrow();
    const promotion = await call('POST', '/api/admin/promotions', {
      title: '2x1 de prueba',
      kind: 'nxm',
      buy: 2,
      pay: 1,
      category_ids: [burgers.id],
      days: [2],
      from: '00:00',
      to: '24:00',
    });
    expect(promotion.statusCode, promotion.body).toBe(201);
    const promotionId = (promotion.json() as { results: { id: number } }).results.id;
    const created = await call('POST', '/api/admin/banners', {
      title: '2x1 los martes',
      image: IMG,
      promotion_id: promotionId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const banner = adminBannerResponse.parse(created.json()).results;
    expect(banner.promotion_id).toBe(promotionId);
    const shown = async () =>
      bannerListResponse
        .parse((await publicGet('/api/banner')).json())
        .results.find((b) => b.id === banner.id)?.promotion;
    expect(await shown()).toEqual({ id: promotionId, category_slug: 'hamburguesas' });

    // A body without it (the list's show or hide) keeps the link.
    const edited = await call('PUT', `/api/admin/banners/${banner.id}`, {
      title: '2x1 los martes',
      image: IMG,
      active: true,
    });
    expect(adminBannerResponse.parse(edited.json()).results.promotion_id).toBe(promotionId);

    const unknown = await call('POST', '/api/admin/banners', {
      title: 'Sin promoción',
      image: IMG,
      promotion_id: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      errors: { promotion_id: [M.bannerPromotion] },
    });

    const removed = await call('DELETE', `/api/admin/promotions/${promotionId}`);
    expect(removed.statusCode).toBe(200);
    expect(await shown()).toBeNull();
  });

  it('edits, hides and shows a banner, each recorded with its action', async () => {
    const id = adminBannerResponse.parse(
      (await call('POST', '/api/admin/banners', { title: 'Combo', image: IMG })).json(),
    ).results.id;
    const edit = await call('PUT', `/api/admin/banners/${id}`, {
      title: 'Combo familiar',
      image: IMG,
    });
    expect(edit.statusCode).toBe(200);
    expect(await lastAudit('banner')).toMatchObject({
      action: 'update',
      summary: 'Banner «Combo familiar»: título «Combo» → «Combo familiar»',
    });
    expect(
      bannerListResponse
        .parse((await publicGet('/api/banner')).json())
        .results.find((b) => b.id === id)?.title,
    ).toBe('Combo familiar');

    await call('PUT', `/api/admin/banners/${id}`, {
      title: 'Combo familiar',
      image: IMG,
      active: false,
    });
    expect(await lastAudit('banner')).toMatchObject({
      action: 'hide',
      before: { active: true },
      after: { active: false },
    });
    expect(
      bannerListResponse
        .parse((await publicGet('/api/banner')).json())
        .results.some((b) => b.id === id),
    ).toBe(false);
    // Hidden, it stays in the admin's list.
    expect(
      adminBannerListResponse
        .parse((await call('GET', '/api/admin/banners')).json())
        .results.find((b) => b.id === id)?.active,
    ).toBe(false);

    await call('PUT', `/api/admin/banners/${id}`, {
      title: 'Combo familiar',
      image: IMG,
      active: true,
    });
    expect((await lastAudit('banner')).action).toBe('show');
  });

  it('an edit that leaves `active` out keeps a hidden banner hidden (and a new one is shown)', async () => {
    const created = adminBannerResponse.parse(
      (await call('POST', '/api/admin/banners', { title: 'Sin estado', image: IMG })).json(),
    ).results;
    expect(created.active).toBe(true);
    await call('PUT', `/api/admin/banners/${created.id}`, {
      title: 'Sin estado',
      image: IMG,
      active: false,
    });
    const edited = await call('PUT', `/api/admin/banners/${created.id}`, {
      title: 'Sin estado, renombrado',
      image: IMG,
    });
    expect(edited.statusCode).toBe(200);
    expect(adminBannerResponse.parse(edited.json()).results).toMatchObject({
      title: 'Sin estado, renombrado',
      active: false,
    });
    expect(
      bannerListResponse
        .parse((await publicGet('/api/banner')).json())
        .results.some((b) => b.id === created.id),
    ).toBe(false);
  });

  it('reorders with the full list, and refuses a partial one', async () => {
    const ids = adminBannerListResponse
      .parse((await call('GET', '/api/admin/banners')).json())
      .results.map((b) => b.id);
    const reversed = [...ids].reverse();
    const res = await call('PUT', '/api/admin/banners/order', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(adminBannerListResponse.parse(res.json()).results.map((b) => b.id)).toEqual(reversed);
    const shown = bannerListResponse
      .parse((await publicGet('/api/banner')).json())
      .results.map((b) => b.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    expect((await lastAudit('banner')).action).toBe('reorder');

    const partial = await call('PUT', '/api/admin/banners/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual({ ids: [ADMIN_MESSAGES.order] });
    expect(
      adminBannerListResponse
        .parse((await call('GET', '/api/admin/banners')).json())
        .results.map((b) => b.id),
    ).toEqual(reversed);
  });

  it('refuses images from elsewhere, bad dates and an empty title, in Spanish', async () => {
    const before = (await call('GET', '/api/admin/banners')).body;
    for (const image of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      '/images/../secret',
      '//evil.example/x.png',
      '',
    ]) {
      const res = await call('POST', '/api/admin/banners', { title: 'X', image });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.image).toEqual([M.image]);
    }
    const dates = await call('POST', '/api/admin/banners', {
      title: 'X',
      image: IMG,
      active_from: '2026-12-10',
      active_to: '2026-12-01',
    });
    expect(dates.json().errors).toEqual({ active_to: [M.dateOrder] });
    const badDay = await call('POST', '/api/admin/banners', {
      title: 'X',
      image: IMG,
      active_from: '2026-02-30',
    });
    expect(badDay.json().errors).toEqual({ active_from: [M.date] });
    const title = await call('POST', '/api/admin/banners', { title: '  ', image: IMG });
    expect(title.json().errors).toEqual({ title: [M.title] });
    expect(
      (await call('PUT', '/api/admin/banners/999999', { title: 'X', image: IMG })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/banners')).body).toBe(before);
  });
});

describe('coupons', () => {
  it('creates and edits the coupon of a branch, which the storefront reads in its shape', async () => {
    const branch = await branchBySlug(t.database, 'chico');
    await t.database.db.deleteFrom('coupons').where('branch_id', '=', branch.id).execute();
    expect((await publicGet(`/api/coupon-branch/${branch.id}`)).statusCode).toBe(404);
    const body = {
      title: '10% en tu primera visita',
      description: 'Muestra este cupón en caja.',
      main_image: '/images/coupons/chico.aaaaaaaa.webp',
      confirmation_image: '/images/coupons/chico-ok.bbbbbbbb.webp',
    };
    const res = await call('PUT', `/api/admin/coupons/${branch.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(
      couponResponse.parse((await publicGet(`/api/coupon-branch/${branch.id}`)).json()),
    ).toEqual(body);
    expect(await lastAudit('coupon')).toMatchObject({ action: 'create', branch_id: branch.id });

    await call('PUT', `/api/admin/coupons/${branch.id}`, {
      ...body,
      title: '15% en tu primera visita',
    });
    expect(
      couponResponse.parse((await publicGet(`/api/coupon-branch/${branch.id}`)).json()).title,
    ).toBe('15% en tu primera visita');
    expect(await lastAudit('coupon')).toMatchObject({ action: 'update' });
    const listed = adminCouponListResponse
      .parse((await call('GET', '/api/admin/coupons')).json())
      .results.find((c) => c.branch_id === branch.id);
    expect(listed?.coupon?.title).toBe('15% en tu primera visita');

    await call('PUT', `/api/admin/coupons/${branch.id}`, {
      ...body,
      title: '15% en tu primera visita',
      active: false,
    });
    expect((await lastAudit('coupon')).action).toBe('hide');
    expect((await publicGet(`/api/coupon-branch/${branch.id}`)).statusCode).toBe(404);
  });

  it('refuses a missing image or description, and an unknown branch', async () => {
    const res = await call('PUT', '/api/admin/coupons/1', {
      title: 'X',
      description: '',
      main_image: 'x.png',
      confirmation_image: IMG,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ description: [M.description], main_image: [M.image] });
    const unknown = await call('PUT', '/api/admin/coupons/999999', {
      title: 'X',
      description: 'Y',
      main_image: IMG,
      confirmation_image: IMG,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('coupon terms', () => {
  const couponBodyFor = (title: string) => ({
    title,
    description: 'Muéstralo al pagar.',
    main_image: '/images/coupons/poblado.aaaaaaaa.webp',
    confirmation_image: '/images/coupons/poblado-ok.bbbbbbbb.webp',
  });
  const entryOf = async (branchId: number) =>
    adminCouponListResponse
      .parse((await call('GET', '/api/admin/coupons')).json())
      .results.find((c) => c.branch_id === branchId)!;
  const terms = (percent: number, amount: number, minOrder: number, days: number) => ({
    discount_percent: percent,
    discount_amount: amount,
    min_order: minOrder,
    valid_days: days,
  });

  it('are saved and answered, kept when left out, and named in the change log', async () => {
    const branch = await branchBySlug(t.database, 'el-poblado');
    await t.database.db.deleteFrom('coupons').where('branch_id', '=', branch.id).execute();
    // A new coupon without terms takes the defaults.
    const created = await call('PUT', `/api/admin/coupons/${branch.id}`, couponBodyFor('Nuevo'));
    expect(created.statusCode, created.body).toBe(200);
    expect(adminCouponResponse.parse(created.json()).results.coupon).toMatchObject(
      terms(10, 0, 0, 30),
    );

    const { version } = (await entryOf(branch.id)).coupon!;
    const res = await call('PUT', `/api/admin/coupons/${branch.id}`, {
      ...couponBodyFor('Nuevo'),
      ...terms(0, 5000, 20000, 15),
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCouponResponse.parse(res.json()).results.coupon).toMatchObject(
      terms(0, 5000, 20000, 15),
    );
    expect((await entryOf(branch.id)).coupon).toMatchObject(terms(0, 5000, 20000, 15));
    const audit = await lastAudit('coupon');
    expect(audit.action).toBe('update');
    expect(audit.summary).toBe(
      'Cupón de El Poblado: porcentaje de descuento «10» → «0», valor de descuento «0» → «5000», ' +
        'pedido mínimo «0» → «20000», días de validez «30» → «15»',
    );

    // Left out on an edit: the coupon's own terms stay.
    const kept = await call('PUT', `/api/admin/coupons/${branch.id}`, {
      ...couponBodyFor('Otro título'),
      valid_days: 20,
      version: version + 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await entryOf(branch.id)).coupon).toMatchObject(terms(0, 5000, 20000, 20));
    expect((await lastAudit('coupon')).summary).toBe(
      'Cupón de El Poblado: título «Nuevo» → «Otro título», días de validez «15» → «20»',
    );
  });

  it('refuses each term out of bounds and a discount that is both or neither, changing nothing', async () => {
    const branch = await branchBySlug(t.database, 'el-poblado');
    const before = await entryOf(branch.id);
    const refusal = async (extra: Record<string, unknown>) => {
      const res = await call('PUT', `/api/admin/coupons/${branch.id}`, {
        ...couponBodyFor('Rechazado'),
        ...extra,
        version: before.coupon!.version,
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await refusal({ discount_percent: 101 })).toEqual({
      discount_percent: [M.discountPercent],
    });
    expect(await refusal({ discount_percent: -1 })).toEqual({
      discount_percent: [M.discountPercent],
    });
    expect(await refusal({ discount_percent: 12.5 })).toEqual({
      discount_percent: [M.discountPercent],
    });
    expect(await refusal({ discount_amount: 1_000_001 })).toEqual({
      discount_amount: [M.discountAmount],
    });
    expect(await refusal({ discount_amount: '5000' })).toEqual({
      discount_amount: [M.discountAmount],
    });
    expect(await refusal({ min_order: 10_000_001 })).toEqual({ min_order: [M.minOrder] });
    expect(await refusal({ min_order: -5 })).toEqual({ min_order: [M.minOrder] });
    expect(await refusal({ valid_days: 0 })).toEqual({ valid_days: [M.validDays] });
    expect(await refusal({ valid_days: 366 })).toEqual({ valid_days: [M.validDays] });
    expect(await refusal(terms(10, 5000, 0, 30))).toEqual({ discount_percent: [M.discountBoth] });
    expect(await refusal(terms(0, 0, 0, 30))).toEqual({ discount_percent: [M.discountNone] });
    // Only the percentage sent: with the coupon's own amount (5000) it would be both.
    expect(await refusal({ discount_percent: 15 })).toEqual({ discount_percent: [M.discountBoth] });
    expect(await entryOf(branch.id)).toEqual(before);
  });

  it('are copied into each code at issue: a code sent before a change keeps the old ones', async () => {
    const branch = await branchBySlug(t.database, 'el-poblado');
    const sourceId = surveyParameterListResponse.parse(
      (await publicGet('/api/parameters-segment/survey')).json(),
    ).results[0]!.id;
    const signUp = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/discount',
        payload: {
          name: 'Laura Pérez',
          phone: '3001112233',
          email,
          confirmation: email,
          address: 'Calle 10 #5-20',
          source_id: sourceId,
          branch_id: branch.id,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The code goes to the email, never in the answer (decision 076): the one just issued.
      const issued = await t.database.db
        .selectFrom('coupon_codes')
        .select('code')
        .where('email', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return issued.code;
    };
    const codeTerms = (code: string) =>
      t.database.db
        .selectFrom('coupon_codes')
        .select(['discount_percent', 'discount_amount', 'min_order', 'created_at', 'expires_at'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
    // PostgreSQL reads timestamps back as Dates, SQLite as ISO strings.
    const days = (row: { created_at: string | Date; expires_at: string | Date }) =>
      (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 86_400_000;

    const save = async (values: ReturnType<typeof terms>) => {
      const { version } = (await entryOf(branch.id)).coupon!;
      const res = await call('PUT', `/api/admin/coupons/${branch.id}`, {
        ...couponBodyFor('Términos'),
        ...values,
        active: true,
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save(terms(0, 7000, 30000, 10));
    const early = await signUp(`antes-${Date.now()}@ejemplo.co`);
    await save(terms(25, 0, 0, 45));
    const late = await signUp(`despues-${Date.now()}@ejemplo.co`);

    const earlyRow = await codeTerms(early);
    expect(earlyRow).toMatchObject({
      discount_percent: 0,
      discount_amount: 7000,
      min_order: 30000,
    });
    expect(days(earlyRow)).toBe(10);
    const lateRow = await codeTerms(late);
    expect(lateRow).toMatchObject({ discount_percent: 25, discount_amount: 0, min_order: 0 });
    expect(days(lateRow)).toBe(45);
  });
});

describe('payment types', () => {
  const publicList = async () =>
    paymentTypeListResponse.parse((await publicGet('/api/cart-type-payment')).json()).results;

  it('adds, renames and reorders; checkout reads the new names and order', async () => {
    await publicList();
    const created = adminPaymentTypeResponse.parse(
      (await call('POST', '/api/admin/payment-types', { description: 'Nequi' })).json(),
    ).results;
    expect((await publicList()).at(-1)?.parameter.description).toBe('Nequi');
    expect(await lastAudit('payment_type')).toMatchObject({
      action: 'create',
      summary: 'Método de pago «Nequi» creado',
    });

    await call('PUT', `/api/admin/payment-types/${created.id}`, {
      description: 'Nequi o Daviplata',
    });
    expect((await publicList()).find((p) => p.id === created.id)?.parameter.description).toBe(
      'Nequi o Daviplata',
    );
    expect(await lastAudit('payment_type')).toMatchObject({
      action: 'update',
      summary: 'Método de pago «Nequi»: nombre «Nequi» → «Nequi o Daviplata»',
    });

    const ids = adminPaymentTypeListResponse
      .parse((await call('GET', '/api/admin/payment-types')).json())
      .results.map((p) => p.id);
    const order = [created.id, ...ids.filter((id) => id !== created.id)];
    expect((await call('PUT', '/api/admin/payment-types/order', { ids: order })).statusCode).toBe(
      200,
    );
    expect((await publicList()).map((p) => p.id)).toEqual(order);
  });

  it('says how a method is paid: a new one on delivery, then cash or online as the admin sets it', async () => {
    const created = adminPaymentTypeResponse.parse(
      (await call('POST', '/api/admin/payment-types', { description: 'Daviplata' })).json(),
    ).results;
    expect(created.kind).toBe('on_delivery');
    const online = await call('PUT', `/api/admin/payment-types/${created.id}`, {
      description: 'Daviplata',
      kind: 'online',
      version: created.version,
    });
    expect(online.statusCode).toBe(200);
    expect((await publicList()).find((p) => p.id === created.id)).toMatchObject({
      online: true,
      cash: false,
    });
    expect(await lastAudit('payment_type')).toMatchObject({
      action: 'update',
      summary: 'Método de pago «Daviplata»: cómo se paga «Al recibir» → «En línea»',
    });
    const wrong = await call('PUT', `/api/admin/payment-types/${created.id}`, {
      description: 'Daviplata',
      kind: 'trueque',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.kind).toEqual([
      'Elige cómo se paga: efectivo, al recibir o en línea.',
    ]);
  });

  it('a disabled method leaves checkout and placement refuses it; the last one cannot be disabled', async () => {
    const branch = await branchBySlug(t.database, 'campina');
    await openAllDay(t.database, branch.id);
    const url = await listen(t.app);
    const socket: Socket = openSocket(url, tokens.customer);
    try {
      await connected(socket);
      const [product] = await availableProducts(t.app, t.database, branch.id, 1);
      const created = adminPaymentTypeResponse.parse(
        (await call('POST', '/api/admin/payment-types', { description: 'Bono regalo' })).json(),
      ).results;
      // Used once, so placement has it remembered when it is disabled.
      await place(
        socket,
        orderPayload(branch.id, [cartItem(product!)], { payment: { id: created.id } }),
      );

      const off = await call('PUT', `/api/admin/payment-types/${created.id}`, {
        description: 'Bono regalo',
        active: false,
      });
      expect(off.statusCode).toBe(200);
      expect((await lastAudit('payment_type')).action).toBe('hide');
      expect((await publicList()).some((p) => p.id === created.id)).toBe(false);
      expect(
        await refused(
          socket,
          orderPayload(branch.id, [cartItem(product!)], { payment: { id: created.id } }),
        ),
      ).toEqual({
        payment: [CHECKOUT_MESSAGES.paymentUnknown],
      });

      // Everything else off: the last active one stays on.
      const all = adminPaymentTypeListResponse
        .parse((await call('GET', '/api/admin/payment-types')).json())
        .results.filter((p) => p.active);
      for (const p of all.slice(1))
        await call('PUT', `/api/admin/payment-types/${p.id}`, {
          description: p.description,
          active: false,
        });
      const last = all[0]!;
      const res = await call('PUT', `/api/admin/payment-types/${last.id}`, {
        description: last.description,
        active: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ active: [M.lastPaymentType] });
      expect((await publicList()).map((p) => p.id)).toEqual([last.id]);
      for (const p of all.slice(1))
        await call('PUT', `/api/admin/payment-types/${p.id}`, {
          description: p.description,
          active: true,
        });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses an empty or too long name in Spanish', async () => {
    for (const description of ['', 'x'.repeat(121), 'Efectivo\u0000']) {
      const res = await call('POST', '/api/admin/payment-types', { description });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.description?.length).toBe(1);
    }
    expect(
      (await call('POST', '/api/admin/payment-types', { description: '' })).json().errors,
    ).toEqual({ description: [M.paymentDescription] });
  });
});

describe('survey options', () => {
  const publicList = async () =>
    surveyParameterListResponse.parse((await publicGet('/api/parameters-segment/survey')).json())
      .results;

  it('adds, renames, reorders, deletes an unused one and hides one signups chose', async () => {
    await publicList();
    const created = adminSurveyOptionResponse.parse(
      (await call('POST', '/api/admin/survey-options', { description: 'TikTok' })).json(),
    ).results;
    expect((await publicList()).at(-1)).toEqual({ id: created.id, description: 'TikTok' });
    await call('PUT', `/api/admin/survey-options/${created.id}`, { description: 'TikTok o Reels' });
    expect((await publicList()).at(-1)?.description).toBe('TikTok o Reels');
    expect(await lastAudit('survey_option')).toMatchObject({ action: 'update' });

    const ids = adminSurveyOptionListResponse
      .parse((await call('GET', '/api/admin/survey-options')).json())
      .results.map((o) => o.id);
    const order = [created.id, ...ids.filter((id) => id !== created.id)];
    await call('PUT', '/api/admin/survey-options/order', { ids: order });
    expect((await publicList()).map((o) => o.id)).toEqual(order);

    const removed = await call('DELETE', `/api/admin/survey-options/${created.id}`);
    expect(surveyOptionRemovalResponse.parse(removed.json()).results).toEqual({
      id: created.id,
      outcome: 'deleted',
    });
    expect(await lastAudit('survey_option')).toMatchObject({ action: 'delete' });
    expect((await publicList()).some((o) => o.id === created.id)).toBe(false);

    // One with a signup is hidden instead: the signup keeps its answer.
    const used = adminSurveyOptionResponse.parse(
      (await call('POST', '/api/admin/survey-options', { description: 'Volante' })).json(),
    ).results;
    const branch = await branchBySlug(t.database, 'campina');
    await t.database.db
      .insertInto('discount_signups')
      .values({
        branch_id: branch.id,
        name: 'Ana',
        phone: '3001112233',
        email: 'ana-volante@ejemplo.co',
        address: 'Calle 1',
        source_id: used.id,
        created_at: new Date(t.clock.now()).toISOString(),
      })
      .execute();
    const hidden = await call('DELETE', `/api/admin/survey-options/${used.id}`);
    expect(surveyOptionRemovalResponse.parse(hidden.json()).results.outcome).toBe('hidden');
    expect(await lastAudit('survey_option')).toMatchObject({ action: 'hide' });
    expect((await publicList()).some((o) => o.id === used.id)).toBe(false);
    const listed = adminSurveyOptionListResponse
      .parse((await call('GET', '/api/admin/survey-options')).json())
      .results.find((o) => o.id === used.id);
    expect(listed).toMatchObject({ active: false, signups: 1 });
    // The discount form no longer accepts it; a visible option still goes through.
    const signup = (source_id: number, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discount',
        payload: {
          branch_id: branch.id,
          name: 'Luis Gómez',
          phone: '3004445566',
          email,
          confirmation: email,
          address: 'Calle 2 # 3-4',
          source_id,
        },
      });
    const refusedSignup = await signup(used.id, 'luis@ejemplo.co');
    expect(refusedSignup.statusCode).toBe(400);
    expect(Object.keys(refusedSignup.json().errors)).toEqual(['source_id']);
    const visible = (await publicList())[0]!;
    expect((await signup(visible.id, 'luis2@ejemplo.co')).json()).toMatchObject({ status: true });
  });

  it('refuses an empty option and an unknown one', async () => {
    expect(
      (await call('POST', '/api/admin/survey-options', { description: ' ' })).json().errors,
    ).toEqual({ description: [M.surveyDescription] });
    expect((await call('DELETE', '/api/admin/survey-options/999999')).statusCode).toBe(404);
  });
});

describe('social links', () => {
  const valid = {
    instagram: { handle: '@brasa', url: 'https://www.instagram.com/brasa', active: true },
    facebook: { handle: 'Brasa', url: 'https://www.facebook.com/brasa', active: false },
    whatsapp: { handle: 'Escríbenos', number: '+57 310 555 1234', active: true },
  };

  it('serves the links the code used to carry, then what the admin saves', async () => {
    const first = socialLinksResponse.parse((await publicGet('/api/social-links')).json()).results;
    expect(first.accounts.map((a) => a.network)).toEqual(['instagram', 'facebook']);
    expect(first.messaging).toMatchObject({
      network: 'whatsapp',
      name: 'WhatsApp',
      href: 'https://wa.me/573000000000',
    });

    const res = await call('PUT', '/api/admin/social-links', valid);
    expect(res.statusCode).toBe(200);
    expect(adminSocialLinksResponse.parse(res.json()).results.whatsapp.number).toBe('573105551234');
    const shown = socialLinksResponse.parse((await publicGet('/api/social-links')).json()).results;
    expect(shown.accounts).toEqual([
      {
        network: 'instagram',
        name: 'Instagram',
        handle: '@brasa',
        href: 'https://www.instagram.com/brasa',
      },
    ]);
    expect(shown.messaging).toEqual({
      network: 'whatsapp',
      name: 'WhatsApp',
      handle: 'Escríbenos',
      href: 'https://wa.me/573105551234',
    });
    const row = await lastAudit('social_link');
    expect(row).toMatchObject({ action: 'update' });
    expect(row.summary).toBe(
      'Redes sociales: Instagram: texto, enlace; Facebook: texto, enlace, oculto; WhatsApp: texto, número 573000000000 → 573105551234',
    );
  });

  it('refuses http, other schemes and a malformed number, in Spanish, changing nothing', async () => {
    const before = (await call('GET', '/api/admin/social-links')).body;
    for (const url of [
      'http://www.instagram.com/brasa',
      'javascript:alert(1)',
      'https://',
      'https://user:pw@evil.example',
      'instagram.com/brasa',
    ]) {
      const res = await call('PUT', '/api/admin/social-links', {
        ...valid,
        instagram: { ...valid.instagram, url },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ instagram: [M.url] });
    }
    for (const number of ['3001234', '+57 300 abc 1234', '0573001234567', '']) {
      const res = await call('PUT', '/api/admin/social-links', {
        ...valid,
        whatsapp: { ...valid.whatsapp, number },
      });
      expect(res.json().errors).toEqual({ whatsapp: [M.whatsapp] });
    }
    expect((await call('GET', '/api/admin/social-links')).body).toBe(before);
  });
});

describe('only admins', () => {
  const writes: [Method, string, unknown][] = [
    ['POST', '/api/admin/banners', { title: 'X', image: IMG }],
    ['PUT', '/api/admin/banners/1', { title: 'X', image: IMG }],
    ['PUT', '/api/admin/banners/order', { ids: [1] }],
    [
      'PUT',
      '/api/admin/coupons/1',
      { title: 'X', description: 'Y', main_image: IMG, confirmation_image: IMG },
    ],
    ['POST', '/api/admin/payment-types', { description: 'X' }],
    ['PUT', '/api/admin/payment-types/1', { description: 'X' }],
    ['PUT', '/api/admin/payment-types/order', { ids: [1] }],
    ['POST', '/api/admin/survey-options', { description: 'X' }],
    ['PUT', '/api/admin/survey-options/1', { description: 'X' }],
    ['PUT', '/api/admin/survey-options/order', { ids: [1] }],
    ['DELETE', '/api/admin/survey-options/1', undefined],
    [
      'PUT',
      '/api/admin/social-links',
      { instagram: { handle: 'x', url: 'https://x.co', active: true } },
    ],
  ];
  const snapshot = async () =>
    Promise.all(
      ['banners', 'coupons', 'payment-types', 'survey-options', 'social-links', 'audit'].map(
        async (r) => (await call('GET', `/api/admin/${r}`)).body,
      ),
    );

  it('answers 403 to staff and customers and 401 without a token, with nothing changed', async () => {
    const before = await snapshot();
    for (const [method, url, payload] of writes) {
      for (const token of [tokens.campina, tokens.customer]) {
        const res = await call(method, url, payload, token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.forbidden);
      }
      expect(
        (
          await t.app.inject({
            method,
            url,
            ...(payload === undefined ? {} : { payload: payload as object }),
          })
        ).statusCode,
      ).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
