import { describe, expect, it } from 'vitest';
import { SandboxSmsGateway } from './sandbox-sms';
import { SmsDeliveryError } from './sms-provider';

const message = (to: string, reference: string) => ({ to, text: 'Hello from Traction', reference });

async function refusal(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

describe('SandboxSmsGateway', () => {
  it('sends, and answers a reference it took with the first message, sending nothing', async () => {
    const gateway = new SandboxSmsGateway();
    const first = await gateway.send(message('+2348030000001', 'r1'));
    expect(first.parts).toBe(1);
    expect(await gateway.send(message('+2348030000001', 'r1'))).toEqual(first);
    expect(gateway.outbox()).toHaveLength(1);
    expect(await gateway.find('r1')).toEqual(first);
    expect(await gateway.find('r2')).toBeNull();
  });

  it('refuses 0000 for good, fails 9999 once and 8888 always', async () => {
    const gateway = new SandboxSmsGateway();
    expect((await refusal(gateway.send(message('+2348030000000', 'a')))).kind).toBe('rejected');
    expect((await refusal(gateway.send(message('+2348039999999', 'b')))).kind).toBe('temporary');
    expect((await gateway.send(message('+2348039999999', 'b'))).id).toMatch(/^sms_/);
    expect((await refusal(gateway.send(message('+2348038888888', 'c')))).kind).toBe('temporary');
    expect((await refusal(gateway.send(message('+2348038888888', 'c')))).kind).toBe('temporary');
  });

  it('limits its rate per second, and has an outage switch', async () => {
    let now = 1_000_000;
    const gateway = new SandboxSmsGateway({ ratePerSecond: 2, now: () => now });
    await gateway.send(message('+2348030000001', 'x1'));
    await gateway.send(message('+2348030000001', 'x2'));
    const limited = await refusal(gateway.send(message('+2348030000001', 'x3')));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(1_000);
    now += 1_000;
    await gateway.send(message('+2348030000001', 'x3'));
    gateway.setOutage(true);
    expect((await refusal(gateway.send(message('+2348030000001', 'x4')))).kind).toBe('unavailable');
    gateway.setOutage(false);
    await gateway.send(message('+2348030000001', 'x4'));
  });
});
