import { describe, expect, it } from 'vitest';
import { broadcastAllows, broadcastSmsParts, SMS_OPT_OUT_RESERVE, smsSegments } from './broadcast-facts';

describe('smsSegments', () => {
  it.each([
    ['', 'GSM-7', 0, 0],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    // An extension character counts two septets.
    ['€'.repeat(80), 'GSM-7', 160, 1],
    ['[x]'.repeat(54), 'GSM-7', 270, 2],
    // One character outside the GSM alphabet makes the whole message unicode.
    [`${'a'.repeat(69)}ẹ`, 'UCS-2', 70, 1],
    [`${'a'.repeat(70)}ẹ`, 'UCS-2', 71, 2],
    ['ọ'.repeat(135), 'UCS-2', 135, 3],
    // An emoji is two UTF-16 units.
    ['🙂'.repeat(35), 'UCS-2', 70, 1],
  ])('counts %j', (text, encoding, units, parts) => {
    expect(smsSegments(text)).toMatchObject({ encoding, units, parts });
  });

  it('counts the unsubscribe line at its reserve', () => {
    expect(broadcastSmsParts('a'.repeat(459 - SMS_OPT_OUT_RESERVE)).parts).toBe(3);
    expect(broadcastSmsParts('a'.repeat(460 - SMS_OPT_OUT_RESERVE)).parts).toBe(4);
  });
});

describe('broadcast moves', () => {
  it.each([
    ['DRAFT', 'edit', true],
    ['DRAFT', 'send', true],
    ['SENDING', 'send', false],
    ['SENDING', 'cancel', true],
    ['SENT', 'edit', false],
    ['PARTLY_FAILED', 'cancel', false],
  ] as const)('%s may %s: %s', (status, action, allowed) => {
    expect(broadcastAllows(status, action)).toBe(allowed);
  });
});
