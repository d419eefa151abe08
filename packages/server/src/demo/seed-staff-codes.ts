import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { StaffCodesTable } from '../db/tables/staff-codes.tables';
import type { AppDeps } from '../deps';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';
import { type Rgb, rgbPng } from './rgb-png';

const DAY = 86_400_000;

/** The demo's staff: the first few are named in the README so the public portal can be tried. */
export const DEMO_STAFF_CODES: readonly { code: string; name: string; role: string; status: 'ACTIVE' | 'DEACTIVATED' }[] = [
  { code: 'TRC4821', name: 'Adaeze Okafor', role: 'Merchant Sales Officer', status: 'ACTIVE' },
  { code: 'TRC5307', name: 'Babatunde Adeyemi', role: 'Direct Sales Representative', status: 'ACTIVE' },
  { code: 'TRC1001', name: 'Chinedu Eze', role: 'Merchant Sales Officer', status: 'DEACTIVATED' },
];

/** Staff the demo has besides the named ones. */
const MORE_STAFF = 21;
const ROLES = [
  'Merchant Sales Officer',
  'Merchant Sales Officer',
  'Direct Sales Representative',
  'Direct Sales Representative',
  'Field Support Officer',
  'Relationship Manager',
  'Regional Sales Manager',
];
const PHONE_PREFIXES = ['803', '806', '813', '816', '703', '706', '810', '814', '903', '906', '805', '807', '815', '905', '701', '902'];
/** Made codes are TR and six of these, as the console makes them. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** One merchant in three signed up through a staff member. */
const REFERRED_SHARE = 1 / 3;

const BACKGROUNDS: readonly Rgb[] = [
  [214, 234, 248],
  [232, 245, 233],
  [255, 243, 224],
  [243, 229, 245],
  [224, 242, 241],
];
const SKIN: readonly Rgb[] = [
  [141, 85, 36],
  [198, 134, 66],
  [110, 62, 32],
  [161, 102, 56],
];
const SHIRTS: readonly Rgb[] = [
  [13, 71, 161],
  [27, 94, 32],
  [74, 20, 140],
  [183, 28, 28],
  [33, 33, 33],
];
const HAIR: Rgb = [28, 22, 18];

/**
 * A generated staff portrait (a PNG of 120 × 150): a plain background, head and shoulders in the
 * given colours. Generated, not shipped, so the repository holds no opaque files.
 */
export function demoPortrait(background: Rgb, skin: Rgb, shirt: Rgb, width = 120, height = 150): Buffer {
  const headX = width / 2;
  const headY = height * 0.38;
  const headR = width * 0.2;
  const paint = (x: number, y: number): Rgb => {
    const dx = x - headX;
    const dy = y - headY;
    // Shoulders: the top of an ellipse rising from the bottom edge.
    const sx = (x - width / 2) / (width * 0.44);
    const sy = (y - height * 1.02) / (height * 0.36);
    if (sx * sx + sy * sy <= 1) return shirt;
    if (dx * dx + dy * dy <= headR * headR) return dy < -headR * 0.45 ? HAIR : skin;
    // The neck.
    if (Math.abs(dx) < headR * 0.35 && y > headY && y < height * 0.7) return skin;
    return background;
  };
  return rgbPng(width, height, paint);
}

/**
 * Loads the demo staff referral codes once (skipped when there are any): the three named in
 * `DEMO_STAFF_CODES` and 21 more, with generated portraits in the file store (all but a few),
 * four of them deactivated and three made in the last week with no sign-ups yet. One merchant in
 * three (not marked as fraud) signed up with a code, the busiest staff more often; a deactivated
 * code only before it was deactivated. The same every run; works without merchants.
 */
export async function seedStaffCodes(deps: AppDeps, options: { now?: Date } = {}): Promise<{ codes: number; signUps: number }> {
  const { db } = deps;
  if (await db.selectFrom('staff_codes').select('id').limit(1).executeTakeFirst()) return { codes: 0, signUps: 0 };
  const now = options.now ?? deps.clock.now();
  const random = createRandom(38);
  const businesses = await db.selectFrom('businesses').select(['id', 'created_at']).where('is_fraud', '=', false).orderBy('id').limit(50_000).execute();
  const earliest = businesses.reduce((min, business) => Math.min(min, new Date(business.created_at).getTime()), now.getTime() - 30 * DAY);

  const staff: (Insertable<StaffCodesTable> & { code: string; since: number; until: number; weight: number })[] = [];
  const seenCodes = new Set<string>();
  const seenEmails = new Set<string>();
  const photos = new Map<string, Buffer>();
  const add = (entry: { code: string; name: string; role: string; status: 'ACTIVE' | 'DEACTIVATED'; recent: boolean; photo: boolean }) => {
    const [first, ...rest] = entry.name.split(' ');
    let email = `${first}.${rest.join('')}@traction.ng`.toLowerCase();
    for (let n = 2; seenEmails.has(email); n++) email = `${first}.${rest.join('')}${n}@traction.ng`.toLowerCase();
    seenEmails.add(email);
    seenCodes.add(entry.code);
    const since = entry.recent ? now.getTime() - (1 + random.int(6)) * DAY : earliest - (30 + random.int(60)) * DAY;
    const until = entry.status === 'DEACTIVATED' ? now.getTime() - (10 + random.int(60)) * DAY : now.getTime();
    const photo = entry.photo ? demoPortrait(random.pick(BACKGROUNDS), random.pick(SKIN), random.pick(SHIRTS)) : null;
    staff.push({
      code: entry.code,
      name: entry.name,
      email,
      phone: `+234${random.pick(PHONE_PREFIXES)}${String(random.int(10_000_000)).padStart(7, '0')}`,
      role: entry.role,
      status: entry.status,
      // Deterministic keys: a second run over an emptied database writes the same files again.
      photo_key: photo ? createHash('sha256').update(`demo-staff-photo:${entry.code}`).digest('hex') : null,
      photo_type: photo ? 'image/png' : null,
      photo_size: photo?.byteLength ?? null,
      photo_sha256: photo ? createHash('sha256').update(photo).digest('hex') : null,
      status_reason: entry.status === 'DEACTIVATED' ? random.pick(['Left the company', 'Code shared on social media', 'Moved to the finance team']) : null,
      status_changed_at: entry.status === 'DEACTIVATED' ? new Date(until) : null,
      created_at: new Date(since),
      since,
      until,
      // A few staff bring in most merchants.
      weight: entry.recent ? 0 : 1 + random.int(8) ** 2,
    });
    if (photo) photos.set(entry.code, photo);
  };
  for (const named of DEMO_STAFF_CODES) add({ ...named, recent: false, photo: true });
  for (let n = 0; n < MORE_STAFF; n++) {
    let code = '';
    do code = `TR${Array.from({ length: 6 }, () => CODE_ALPHABET[random.int(CODE_ALPHABET.length)]).join('')}`;
    while (seenCodes.has(code));
    add({
      code,
      name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      role: random.pick(ROLES),
      status: n % 7 === 3 ? 'DEACTIVATED' : 'ACTIVE',
      recent: n >= MORE_STAFF - 3,
      photo: n % 6 !== 5,
    });
  }

  // Oldest first, as they were made: ids follow the day a code was created.
  staff.sort((a, b) => a.since - b.since);
  const ids: number[] = [];
  for (const { since: _since, until: _until, weight: _weight, ...row } of staff) {
    const inserted = await db.insertInto('staff_codes').values(row).returning('id').executeTakeFirstOrThrow();
    ids.push(inserted.id);
    const photo = photos.get(row.code);
    if (photo && row.photo_key) await deps.providers.files.put(row.photo_key, photo);
  }

  const referrals: { business_id: number; staff_code_id: number; referred_at: Date }[] = [];
  for (const business of businesses) {
    if (!random.chance(REFERRED_SHARE)) continue;
    const signedUp = new Date(business.created_at).getTime();
    const open = staff.map((member, index) => ({ index, weight: member.since < signedUp && signedUp < member.until ? member.weight : 0 }));
    const total = open.reduce((sum, entry) => sum + entry.weight, 0);
    if (total === 0) continue;
    // A weighted draw: walk the open codes until their weights pass the drawn point.
    const point = random.next() * total;
    let passed = 0;
    let chosen = open.findLast((entry) => entry.weight > 0)!;
    for (const entry of open) {
      passed += entry.weight;
      if (point < passed) {
        chosen = entry;
        break;
      }
    }
    referrals.push({ business_id: business.id, staff_code_id: ids[chosen.index]!, referred_at: new Date(signedUp) });
  }
  for (let from = 0; from < referrals.length; from += 1_000) {
    await db
      .insertInto('business_referrals')
      .values(referrals.slice(from, from + 1_000))
      .execute();
  }
  return { codes: staff.length, signUps: referrals.length };
}
