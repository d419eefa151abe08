const ACRONYMS = new Set(['NIN', 'BVN', 'PND', 'CAC', 'VFD', 'KYC', 'ID', 'POS', 'RC', 'BN', 'NGN', 'OTP', 'SIM', 'MSO', 'DSR', 'ISA', 'CSV', 'TIN']);

/** `super_admin` → `Super admin`, `PENDING` → `Pending`, `DRIVERS_LICENSE` → `Drivers license`, `PND` → `PND`. */
export function humanize(value: string): string {
  let spaced = value.replace(/[._-]+/g, ' ').trim();
  // Enum values written in capitals (`DRIVERS_LICENSE`, `PENDING`) read as words, except the
  // acronyms people know in capitals.
  if (/[A-Z]/.test(spaced) && spaced === spaced.toUpperCase()) {
    spaced = spaced
      .split(' ')
      .map((word) => (ACRONYMS.has(word) ? word : word.toLowerCase()))
      .join(' ');
  }
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
