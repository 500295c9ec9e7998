import type { AdminPromotion } from '@comanda/shared';

// The demo chain's promotions (a 2x1 on burgers on Tuesdays, free delivery from $40.000) change
// what an order costs by the day and by the fee: on the servers the browser tests start they are
// switched off once the server is up, so a total a spec reads is the same on a Tuesday as on any
// other day. promotions.spec.ts switches the 2x1 on for itself (decision 082).

const ADMIN = { email_login: 'admin@comanda.test', password_login: 'comanda123' };

/** Every active promotion of the server at `url` switched off through the back office's API. */
export async function demoPromotionsOff(url: string): Promise<void> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`The admin could not log in: ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const list = await fetch(`${url}/api/admin/promotions`, { headers });
  const rules = ((await list.json()) as { results: AdminPromotion[] }).results;
  for (const { id, ...rule } of rules.filter((each) => each.active)) {
    const saved = await fetch(`${url}/api/admin/promotions/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...rule, active: false }),
    });
    // 409: another worker switched it off meanwhile (its version moved); it is off either way.
    if (!saved.ok && saved.status !== 409)
      throw new Error(`Could not switch promotion ${id} off: ${saved.status}`);
  }
}
