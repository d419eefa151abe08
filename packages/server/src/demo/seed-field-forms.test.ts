import { FIELD_FORM_KINDS } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedFieldForms } from './seed-field-forms';
import { seedMerchants } from './seed-merchants';
import { seedTerminals } from './seed-terminals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('the demo forms from the field app', () => {
  it('are forms of every kind over the last 90 days on demo merchants and terminals, with photos in the file store, made once', async () => {
    await seedMerchants(t.db, { count: 60, anchor: t.clock.now() });
    await seedTerminals(t.db, { count: 120 });
    const seeded = await seedFieldForms(t.deps, { now: t.clock.now() });
    expect(seeded.forms).toBe(360);
    expect(seeded.photos).toBeGreaterThan(50);

    const forms = await t.db.selectFrom('field_forms').select(['id', 'kind', 'business_id', 'terminal_id', 'submitted_at', 'sim_action']).execute();
    expect(new Set(forms.map((form) => form.kind))).toEqual(new Set(FIELD_FORM_KINDS));
    const now = t.clock.now().getTime();
    for (const form of forms) {
      const at = new Date(form.submitted_at).getTime();
      expect(at).toBeLessThanOrEqual(now);
      expect(at).toBeGreaterThan(now - 91 * 86_400_000);
      expect(form.sim_action !== null).toBe(form.kind === 'SIM_MANAGEMENT');
    }
    expect(forms.filter((form) => form.terminal_id !== null && form.business_id !== null).length).toBeGreaterThan(300);

    // Every photo is in the file store and served as a PNG.
    const viewer = await t.actor({ role: 'staff', permissions: ['field-forms.view'] });
    const photo = await t.db.selectFrom('field_form_photos').select(['id', 'form_id', 'file_key']).orderBy('id').executeTakeFirstOrThrow();
    const served = await viewer.request('GET', `/v1/salesagent/field-forms/${photo.form_id}/photos/${photo.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    for (const { file_key } of await t.db.selectFrom('field_form_photos').select('file_key').execute()) {
      expect(await t.files.get(file_key)).not.toBeNull();
    }

    // Once: a second start adds nothing.
    expect(await seedFieldForms(t.deps, { now: t.clock.now() })).toEqual({ forms: 0, photos: 0 });
  }, 120_000);
});
