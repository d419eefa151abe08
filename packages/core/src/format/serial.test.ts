import { expect, it } from 'vitest';
import { padSerial } from './serial';

it.each([
  [7, '007'],
  ['42', '042'],
  [100, '100'],
  ['12345', '12345'],
])('pads %s to %s', (serial, shown) => {
  expect(padSerial(serial)).toBe(shown);
});

it('refuses what is not a serial number', () => {
  expect(() => padSerial('A-1')).toThrow(RangeError);
});
