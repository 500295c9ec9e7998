import {
  branchBySlug,
  expect,
  loginApi,
  seedPanelSession,
  terminalBranch,
  test,
} from './console-support';

// The back office keeps an admin's work: leaving a form with changes asks first. And it is a
// desk, not the counter: the board's alarm band is not over its screens (it is on the board's).

test('an unsaved edit asks before a tab change; the admin screens carry no alarm band', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const terminal = await terminalBranch(request);
  const chico = await branchBySlug(request, 'chico');
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), terminal.id);
  await page.goto('/panel');
  await expect(page.getByTestId('alarm')).toBeVisible();

  await page.goto(`/panel/admin/sedes/${chico.id}/datos`);
  await expect(page.getByLabel('Nombre de la sede')).toHaveValue(chico.title);
  await expect(page.getByTestId('alarm')).toHaveCount(0);

  // Untouched: the tab changes without a question.
  await page.getByRole('link', { name: 'Horario' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Lunes' })).toBeVisible();
  await page.getByRole('link', { name: 'Datos' }).click();

  await page.getByLabel('Nombre de la sede').fill(`${chico.title} Norte`);
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Horario' }).click();
  await expect.poll(() => questions).toEqual(['Tienes cambios sin guardar. ¿Salir y perderlos?']);
  // Stayed, with the work still there.
  await expect(page).toHaveURL(new RegExp(`/sedes/${chico.id}/datos$`));
  await expect(page.getByLabel('Nombre de la sede')).toHaveValue(`${chico.title} Norte`);

  // Leaving on purpose goes.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: 'Horario' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Lunes' })).toBeVisible();
});

test('a zone added and not saved asks before leaving the Zonas tab; saved, it goes without a question', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const chico = await branchBySlug(request, 'chico');
  await seedPanelSession(page, await loginApi(request, 'admin@comanda.test'), chico.id);
  await page.goto(`/panel/admin/sedes/${chico.id}/zonas`);
  const zoneRemovers = page.getByRole('button', { name: /^Quitar la zona/ });
  await expect(zoneRemovers.first()).toBeVisible();
  const before = await zoneRemovers.count();
  await page.getByRole('button', { name: '+ Agregar zona' }).click();
  await expect(zoneRemovers).toHaveCount(before + 1);

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Excepciones' }).click();
  await expect.poll(() => questions).toEqual(['Tienes cambios sin guardar. ¿Salir y perderlos?']);
  await expect(page).toHaveURL(new RegExp(`/sedes/${chico.id}/zonas$`));
  await expect(zoneRemovers).toHaveCount(before + 1);

  // Taken back out and saved as it was: nothing left to lose, no question.
  await zoneRemovers.last().click();
  await page.getByRole('button', { name: 'Guardar zonas' }).click();
  await expect(page.getByText('Zonas guardadas.')).toBeVisible();
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Excepciones' }).click();
  await expect(page).toHaveURL(new RegExp(`/sedes/${chico.id}/excepciones$`));
  expect(questions).toHaveLength(1);
});
