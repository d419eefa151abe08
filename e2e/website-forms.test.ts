import { formatNaira, lagosDate, NOT_A_STAFF_CODE_MESSAGE, rangeBoundToDate, websiteFormIdOf } from '@traction/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxHelpDesk } from '@traction/server/testing';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/** A real 1×1 PNG: the server checks the evidence by its content, not its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DAY_MS = 86_400_000;

/**
 * Issue 19's public forms and their work queue. Signed out, by keyboard: a merchant disputes a
 * real demo payment on the chargeback form (with a photo of the slip), someone writes to support,
 * a form sent with a field missing says which and keeps nothing, and a customer checks a visiting
 * officer's code on the staff verification portal (name, role, photo, nothing more) and an unknown
 * one. Signed in as root: Website Forms from the palette, the dispute found by its reference,
 * opened with Enter, assigned, replied to and resolved by key — each step read back on the page
 * and in the database — and the support request handed to the help desk as a ticket.
 */
describe.runIf(run)('public forms and Website Forms by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  /** A signed-out visitor. */
  let visitor: Page;
  /** Root, signed in. */
  let page: Page;
  /** What the signed-out part sent, for the signed-in part to find. */
  const sent = { chargeback: '', support: '', paymentId: 0, paymentReference: '', rrn: '' };

  beforeAll(async () => {
    context = await startConsoleServer();
    browser = await launchBrowser();
    visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const db = () => context.server.deps.db;
  const formCount = async () =>
    Number(
      (
        await db()
          .selectFrom('website_forms')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const focusedName = (on: Page) => on.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? null);
  /** Tab to the next field, check it is the one meant (the tab order is the form's), and type into it. */
  async function tabAndType(on: Page, name: string, text: string) {
    await on.keyboard.press('Tab');
    await expect.poll(() => focusedName(on)).toBe(name);
    await on.keyboard.type(text);
  }

  it('takes a dispute, a support request and staff code checks from a signed-out visitor, and refuses an incomplete form', { timeout: 120_000 }, async () => {
    // A real demo card payment on a terminal, from the last year, that its terminal, amount and day name alone.
    const candidates = await db()
      .selectFrom('payment_logs as p')
      .innerJoin('businesses as b', 'b.id', 'p.business_id')
      .select(['p.id', 'p.reference', 'p.terminal_id', 'p.rrn', 'p.amount', 'p.created_at', 'b.name as business_name'])
      .where('p.terminal_id', 'is not', null)
      .where('p.created_at', '>=', new Date(Date.now() - 300 * DAY_MS))
      .where('p.created_at', '<=', new Date(Date.now() - DAY_MS))
      .orderBy('p.id', 'desc')
      .limit(50)
      .execute();
    let payment: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      const day = lagosDate(new Date(candidate.created_at));
      const same = await db()
        .selectFrom('payment_logs')
        .select('id')
        .where('terminal_id', '=', candidate.terminal_id)
        .where('amount', '=', candidate.amount)
        .where('created_at', '>=', rangeBoundToDate(day, 'start'))
        .where('created_at', '<=', rangeBoundToDate(day, 'end'))
        .execute();
      if (same.length === 1) {
        payment = candidate;
        break;
      }
    }
    if (!payment) throw new Error('no demo payment is named by its terminal, amount and day alone');
    const kobo = Number(payment.amount);
    const day = lagosDate(new Date(payment.created_at));
    const [year, month, date] = day.split('-');
    Object.assign(sent, { paymentId: Number(payment.id), paymentReference: payment.reference, rrn: payment.rrn });

    // 1. The chargeback form, by keyboard: the first field has the focus, Tab walks the rest.
    await visitor.goto(`${context.server.url}/traction-chargeback-form`);
    const chargeback = visitor.locator('[data-page="chargeback-form"] [data-testid="command-form"][data-command="website-forms.chargeback"]');
    await chargeback.waitFor();
    await expect.poll(() => focusedName(visitor)).toBe('claimant');
    // Only merchants are asked their business name.
    expect(await chargeback.locator('[name="businessName"]').count()).toBe(0);
    await visitor.keyboard.type('Merchant');
    await chargeback.locator('[name="businessName"]').waitFor();
    await tabAndType(visitor, 'name', 'Ada Obi');
    await tabAndType(visitor, 'email', 'ada.obi@example.ng');
    await tabAndType(visitor, 'phone', '08031234567');
    await tabAndType(visitor, 'businessName', payment.business_name);
    await tabAndType(visitor, 'terminalId', payment.terminal_id!);
    // No RRN: the terminal, amount and day find the payment.
    await visitor.keyboard.press('Tab');
    await expect.poll(() => focusedName(visitor)).toBe('rrn');
    await tabAndType(visitor, 'amount', (kobo / 100).toFixed(2));
    // The amount is read back as the server will take it.
    await expect.poll(() => chargeback.locator('[data-field="amount"]').textContent()).toContain(`= ${formatNaira(kobo)}`);
    await tabAndType(visitor, 'transactionDate', `${date}/${month}/${year}`);
    await tabAndType(visitor, 'description', 'The customer was debited twice for one purchase; only one slip printed.');
    await visitor.keyboard.press('Tab');
    await expect.poll(() => focusedName(visitor)).toBe('file');
    await chargeback.locator('input[type="file"][name="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    const before = await formCount();
    await visitor.keyboard.press('Control+Enter');
    const received = visitor.getByTestId('public-form-received');
    await received.waitFor();
    sent.chargeback = (await received.locator('[data-reference]').textContent()) ?? '';
    expect(sent.chargeback).toMatch(/^WF-\d{6,}$/);
    expect(await received.textContent()).toContain(`Your dispute was received as ${sent.chargeback}`);
    const stored = await db()
      .selectFrom('website_forms')
      .select([
        'kind',
        'status',
        'claimant',
        'name',
        'email',
        'phone',
        'business_name',
        'terminal_id',
        'rrn',
        'amount',
        'transaction_date',
        'payment_id',
        'evidence_type',
      ])
      .where('id', '=', websiteFormIdOf(sent.chargeback)!)
      .executeTakeFirstOrThrow();
    expect({ ...stored, amount: Number(stored.amount), payment_id: Number(stored.payment_id) }).toEqual({
      kind: 'CHARGEBACK',
      status: 'NEW',
      claimant: 'MERCHANT',
      name: 'Ada Obi',
      email: 'ada.obi@example.ng',
      phone: '+2348031234567',
      business_name: payment.business_name,
      terminal_id: payment.terminal_id,
      rrn: null,
      amount: kobo,
      transaction_date: day,
      payment_id: Number(payment.id),
      evidence_type: 'image/png',
    });
    expect(await formCount()).toBe(before + 1);

    // 2. The support form.
    await visitor.goto(`${context.server.url}/traction-support-form`);
    const support = visitor.locator('[data-page="support-form"] [data-testid="command-form"][data-command="website-forms.support"]');
    await support.waitFor();
    await expect.poll(() => focusedName(visitor)).toBe('name');
    await visitor.keyboard.type('Musa Bello');
    await tabAndType(visitor, 'email', 'musa.bello@example.ng');
    await tabAndType(visitor, 'phone', '08059876543');
    await visitor.keyboard.press('Tab');
    await expect.poll(() => focusedName(visitor)).toBe('businessName');
    await tabAndType(visitor, 'subject', 'Terminal not printing slips');
    await tabAndType(visitor, 'message', 'Our terminal stopped printing slips this morning; payments still go through.');
    await visitor.keyboard.press('Control+Enter');
    await visitor.getByTestId('public-form-received').waitFor();
    sent.support = (await visitor.locator('[data-testid="public-form-received"] [data-reference]').textContent()) ?? '';
    expect(sent.support).toMatch(/^WF-\d{6,}$/);
    expect(await visitor.getByTestId('public-form-received').textContent()).toContain(`Your message was received as ${sent.support}`);
    const request = await db()
      .selectFrom('website_forms')
      .select(['kind', 'status', 'subject', 'email'])
      .where('id', '=', websiteFormIdOf(sent.support)!)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ kind: 'SUPPORT', status: 'NEW', subject: 'Terminal not printing slips', email: 'musa.bello@example.ng' });

    // 3. Sent without a required field: the message names it, the focus goes to it, nothing is kept.
    await visitor.goto(`${context.server.url}/traction-support-form`);
    await support.waitFor();
    await expect.poll(() => focusedName(visitor)).toBe('name');
    await visitor.keyboard.type('Musa Bello');
    await visitor.keyboard.press('Tab');
    // The email is left empty.
    await tabAndType(visitor, 'phone', '08059876543');
    await visitor.keyboard.press('Tab');
    await tabAndType(visitor, 'subject', 'Second try');
    await tabAndType(visitor, 'message', 'This one has no email address to reply to.');
    const count = await formCount();
    await visitor.keyboard.press('Control+Enter');
    await expect.poll(() => support.locator('[data-error-for="email"]').textContent()).toMatch(/^Your email/);
    await expect.poll(() => focusedName(visitor)).toBe('email');
    expect(await visitor.getByTestId('public-form-received').count()).toBe(0);
    // The server's own check too: a dispute naming neither the RRN nor the terminal ID.
    await visitor.goto(`${context.server.url}/traction-chargeback-form`);
    await chargeback.waitFor();
    await expect.poll(() => focusedName(visitor)).toBe('claimant');
    await visitor.keyboard.type('Cardholder');
    await tabAndType(visitor, 'name', 'Ada Obi');
    await tabAndType(visitor, 'email', 'ada.obi@example.ng');
    await tabAndType(visitor, 'phone', '08031234567');
    await visitor.keyboard.press('Tab');
    await expect.poll(() => focusedName(visitor)).toBe('terminalId');
    await visitor.keyboard.press('Tab');
    await tabAndType(visitor, 'amount', (kobo / 100).toFixed(2));
    await tabAndType(visitor, 'transactionDate', `${date}/${month}/${year}`);
    await tabAndType(visitor, 'description', 'Charged twice, and I have lost the slip.');
    await visitor.keyboard.press('Control+Enter');
    await expect.poll(() => chargeback.locator('[data-error-for="rrn"]').textContent()).toMatch(/^RRN.*give the RRN or the terminal ID/);
    expect(await visitor.getByTestId('public-form-received').count()).toBe(0);
    expect(await formCount()).toBe(count);

    // 4. The staff verification portal: an active demo code with a photo shows its holder's name, role and photo, nothing else.
    const staff = await db()
      .selectFrom('staff_codes')
      .select(['code', 'name', 'role', 'email', 'phone'])
      .where('status', '=', 'ACTIVE')
      .where('photo_key', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await visitor.goto(`${context.server.url}/traction-staff-verification-portal`);
    await visitor.locator('[data-page="staff-verification"] form').waitFor();
    await expect.poll(() => focusedName(visitor)).toBe('code');
    // Typed as people read it off a card: lower case, with a space.
    await visitor.keyboard.type(`${staff.code.slice(0, 3).toLowerCase()} ${staff.code.slice(3).toLowerCase()}`);
    await visitor.keyboard.press('Enter');
    const found = visitor.locator('[data-outcome="staff"]');
    await found.waitFor();
    expect(await found.locator('[data-staff-name]').textContent()).toBe(staff.name);
    expect(await found.locator('[data-staff-role]').textContent()).toBe(staff.role);
    const photo = found.locator('img[data-staff-photo]');
    expect(await photo.getAttribute('alt')).toBe(`${staff.name}, Traction staff`);
    expect(await photo.getAttribute('src')).toMatch(/^data:image\/(png|jpeg);base64,/);
    // The photo is a picture the browser draws, not a broken image.
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const shown = (await visitor.locator('body').textContent()) ?? '';
    expect(shown).toContain(`Current staff · ${staff.code}`);
    const localPhone = staff.phone.replace(/^\+234/, '0');
    for (const secret of [staff.email, staff.phone, localPhone, staff.phone.slice(-7)]) expect(shown).not.toContain(secret);
    expect(await visitor.content()).not.toContain(staff.email);

    // "Check another code" has the focus: Enter, and the code box has it again.
    await expect.poll(() => visitor.evaluate(() => document.activeElement?.textContent ?? null)).toBe('Check another code');
    await visitor.keyboard.press('Enter');
    await expect.poll(() => focusedName(visitor)).toBe('code');
    const unknown = 'TRZZZZ99';
    expect(await db().selectFrom('staff_codes').select('id').where('code', '=', unknown).executeTakeFirst()).toBeUndefined();
    await visitor.keyboard.type(unknown);
    await visitor.keyboard.press('Enter');
    const refused = visitor.locator('[data-outcome="refused"]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(NOT_A_STAFF_CODE_MESSAGE);
    expect(await refused.textContent()).toContain(unknown);
    expect(await visitor.locator('[data-staff-name], img[data-staff-photo]').count()).toBe(0);
  });

  it('works the dispute in Website Forms by keyboard, and hands the support request to the help desk', { timeout: 120_000 }, async () => {
    expect(sent.chargeback, 'the signed-out part sent a dispute').not.toBe('');
    const chargebackId = websiteFormIdOf(sent.chargeback)!;
    const supportId = websiteFormIdOf(sent.support)!;
    const statusOf = async (id: number) => (await db().selectFrom('website_forms').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    // The support request goes to the help desk by itself (the job the form queued), as one ticket quoting its reference.
    await expect
      .poll(
        async () => (await db().selectFrom('website_forms').select('help_desk_state').where('id', '=', supportId).executeTakeFirstOrThrow()).help_desk_state,
      )
      .toBe('DELIVERED');
    const delivery = await db()
      .selectFrom('website_forms')
      .select(['help_desk_ticket', 'help_desk_attempts'])
      .where('id', '=', supportId)
      .executeTakeFirstOrThrow();
    expect(delivery.help_desk_attempts).toBe(1);
    // The server's own help desk: the sandbox, when the environment names no real one.
    const desk = context.server.deps.providers.helpDesk;
    if (!(desk instanceof SandboxHelpDesk)) throw new Error('the console server should run the sandbox help desk');
    const tickets = desk.tickets().filter((opened) => opened.ticket.reference === sent.support);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.number).toBe(delivery.help_desk_ticket);
    expect(tickets[0]!.ticket.subject).toBe(`Terminal not printing slips [${sent.support}]`);
    expect(tickets[0]!.ticket.contact.email).toBe('musa.bello@example.ng');

    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
    const palette = async (text: string) => {
      await page.keyboard.press('Control+k');
      await page.getByTestId('command-palette').waitFor();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    };
    await palette('Website Forms');
    await page.waitForURL('**/website-forms');
    const rows = page.locator('[data-list="website-forms.list"] [data-row-index]');
    await rows.first().waitFor();

    // "/" reaches the search: the reference finds the one dispute.
    await page.keyboard.press('/');
    await page.keyboard.type(sent.chargeback);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(sent.chargeback);
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    await expect.poll(() => page.locator('[data-row-index="0"]').getAttribute('data-row-key')).toBe(String(chargebackId));
    expect(await page.locator('[data-row-index="0"]').textContent()).toContain('Ada Obi');
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/website-forms/${chargebackId}`);
    const onForm = (status: string) => page.locator(`[data-page="website-form"][data-form-id="${chargebackId}"][data-status="${status}"]`);
    await onForm('NEW').waitFor();

    // The payment it names is linked, with its evidence.
    const linked = page.getByTestId('linked-payment');
    await linked.waitFor();
    const linkedText = (await linked.textContent()) ?? '';
    expect(linkedText).toContain(sent.paymentReference);
    expect(linkedText).toContain(`RRN ${sent.rrn}`);
    expect(await linked.getByRole('link').getAttribute('href')).toBe(`/payments-logs/${sent.paymentId}`);
    await expect.poll(() => page.getByTestId('evidence').locator('img').count()).toBe(1);
    expect(await page.getByTestId('evidence').textContent()).toContain('slip.png');

    /** Opens an action's form with its key, types into the focused first field (then any more by Tab), sends it, and closes the result. */
    async function act(key: string, command: string, typed: string[]) {
      await page.keyboard.press(key);
      const form = page.locator(`[data-testid="command-form"][data-command="${command}"]`);
      await form.waitFor();
      await expect.poll(() => form.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      for (const [index, text] of typed.entries()) {
        if (index > 0) await page.keyboard.press('Tab');
        await page.keyboard.type(text);
      }
      await page.keyboard.press('Control+Enter');
      const confirm = form.locator('[data-confirm-step]');
      const result = page.getByTestId('command-result');
      await Promise.race([confirm.waitFor(), result.waitFor()]);
      if (await confirm.isVisible()) {
        await page.keyboard.press('Enter');
        await result.waitFor();
      }
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
    }

    // a: assign (to me: the admin field left empty, a note after it).
    await act('a', 'website-forms.assign', ['', 'Checking with the acquirer']);
    await onForm('ASSIGNED').waitFor();
    expect(await statusOf(chargebackId)).toBe('ASSIGNED');
    const root = await db().selectFrom('admins').select('id').where('email', '=', ROOT_EMAIL).executeTakeFirstOrThrow();
    expect((await db().selectFrom('website_forms').select('assigned_to').where('id', '=', chargebackId).executeTakeFirstOrThrow()).assigned_to).toBe(root.id);
    await expect.poll(() => page.getByTestId('website-form-status').textContent()).toBe('Assigned');
    expect(await page.getByTestId('website-form-facts').textContent()).not.toContain('No one yet');

    // r: reply by email.
    const reply = 'We found the double debit and asked the bank to reverse it; it reaches you within 3 working days.';
    await act('r', 'website-forms.reply', [reply]);
    await onForm('REPLIED').waitFor();
    expect(await statusOf(chargebackId)).toBe('REPLIED');
    await expect.poll(() => page.getByTestId('website-form-status').textContent()).toBe('Replied');
    await expect.poll(() => context.email.latest('ada.obi@example.ng', 'website-form-reply')?.text).toContain(reply);
    expect(context.email.latest('ada.obi@example.ng', 'website-form-reply')!.subject).toContain(sent.chargeback);

    // s: resolve with how.
    await act('s', 'website-forms.resolve', ['Duplicate debit reversed by the acquirer']);
    await onForm('RESOLVED').waitFor();
    const resolved = await db()
      .selectFrom('website_forms')
      .select(['status', 'resolution', 'resolved_by'])
      .where('id', '=', chargebackId)
      .executeTakeFirstOrThrow();
    expect(resolved).toEqual({ status: 'RESOLVED', resolution: 'Duplicate debit reversed by the acquirer', resolved_by: root.id });
    await expect.poll(() => page.getByTestId('website-form-status').textContent()).toBe('Resolved');
    expect(await page.getByTestId('website-form-facts').textContent()).toContain('Duplicate debit reversed by the acquirer');
    // Resolved is final: no action is offered any more.
    expect(await page.locator('[aria-keyshortcuts="a"], [aria-keyshortcuts="r"], [aria-keyshortcuts="s"]').count()).toBe(0);
    const log = (await page.locator('[data-section="changes"]').textContent()) ?? '';
    for (const step of ['New → Assigned', 'Assigned → Replied', 'Replied → Resolved']) expect(log).toContain(step);
    const events = await db().selectFrom('website_form_events').select(['action', 'to_status']).where('form_id', '=', chargebackId).orderBy('id').execute();
    expect(events).toEqual([
      { action: null, to_status: 'NEW' },
      { action: 'ASSIGN', to_status: 'ASSIGNED' },
      { action: 'REPLY', to_status: 'REPLIED' },
      { action: 'RESOLVE', to_status: 'RESOLVED' },
    ]);

    // u: back to the queue; the support request, found by its reference, shows its ticket.
    await page.keyboard.press('u');
    await page.waitForURL((where) => where.pathname === '/website-forms');
    await page.locator('[data-list="website-forms.list"]').waitFor();
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(sent.support);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(sent.support);
    await expect.poll(() => page.locator('[data-row-index="0"]').getAttribute('data-row-key')).toBe(String(supportId));
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/website-forms/${supportId}`);
    const helpDesk = page.locator('[data-testid="help-desk-state"][data-state="DELIVERED"]');
    await helpDesk.waitFor();
    expect(await helpDesk.textContent()).toContain(`Ticket ${delivery.help_desk_ticket}`);
  });
});
