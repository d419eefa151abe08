/** Serial numbers are shown padded to 3 digits: 7 → "007" (spec §5). Longer ones are kept whole. */
export function padSerial(serial: number | string): string {
  const text = String(serial).trim();
  if (!/^\d+$/.test(text)) throw new RangeError(`"${serial}" is not a serial number`);
  return text.padStart(3, '0');
}
