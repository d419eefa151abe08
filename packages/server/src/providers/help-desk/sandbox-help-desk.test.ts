import { describe, expect, it } from 'vitest';
import { HelpDeskError } from './help-desk-provider';
import { helpDeskFromEnv, SandboxHelpDesk } from './sandbox-help-desk';

const ticket = (reference: string, subject = 'Terminal not printing') => ({
  reference,
  subject,
  description: 'It stopped this morning.',
  contact: { name: 'Ada Obi', email: 'ada@example.ng', phone: '+2348031234567' },
});

describe('the sandbox help desk', () => {
  it('opens one ticket per reference, however often it is asked', async () => {
    const desk = new SandboxHelpDesk();
    const first = await desk.createTicket(ticket('WF-000001'));
    expect(first.number).toBe('#10001');
    expect(await desk.createTicket(ticket('WF-000001'))).toEqual(first);
    expect((await desk.createTicket(ticket('WF-000002'))).number).toBe('#10002');
    expect(desk.tickets()).toHaveLength(2);
  });

  it('answers 503 while down or for the next n calls, and 429 then success, or 422 for good, when provoked', async () => {
    const desk = new SandboxHelpDesk({ outage: true });
    await expect(desk.createTicket(ticket('WF-000001'))).rejects.toMatchObject({ status: 503, retryable: true });
    desk.setOutage(false);
    desk.failNext(2);
    await expect(desk.createTicket(ticket('WF-000001'))).rejects.toBeInstanceOf(HelpDeskError);
    await expect(desk.createTicket(ticket('WF-000001'))).rejects.toMatchObject({ status: 503 });
    await expect(desk.createTicket(ticket('WF-000001'))).resolves.toMatchObject({ number: '#10001' });
    await expect(desk.createTicket(ticket('WF-000002', 'Slow [zoho-429]'))).rejects.toMatchObject({ status: 429, retryable: true });
    await expect(desk.createTicket(ticket('WF-000002', 'Slow [zoho-429]'))).resolves.toMatchObject({ number: '#10002' });
    await expect(desk.createTicket(ticket('WF-000003', 'Bad [zoho-422]'))).rejects.toMatchObject({ status: 422, retryable: false });
    expect(desk.refused).toEqual({ unavailable: 3, rateLimited: 1, rejected: 1 });
  });

  it('starts down with TRACTION_SANDBOX_HELP_DESK=outage and refuses a setting that means nothing', async () => {
    await expect(helpDeskFromEnv({ TRACTION_SANDBOX_HELP_DESK: 'outage' }).createTicket(ticket('WF-1'))).rejects.toMatchObject({ status: 503 });
    expect(() => helpDeskFromEnv({ TRACTION_SANDBOX_HELP_DESK: 'maybe' })).toThrow(/outage or up/);
  });
});
