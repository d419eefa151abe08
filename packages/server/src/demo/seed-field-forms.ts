import { createHash } from 'node:crypto';
import type { FieldFormKind, SimAction, SimNetwork } from '@traction/core';
import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import { insertFieldFormPhotos, insertFieldForms, type NewFieldForm } from '../domains/field-forms/index';
import { createRandom, type Random } from './random';
import { type Rgb, rgbPng } from './rgb-png';
import { DEMO_FIELD_OFFICERS } from './demo-field-officers';

const DAY = 86_400_000;
/** Forms over the last `DAYS` days. */
const FORMS = 360;
const DAYS = 90;
/** One form in four comes with a photo (a second one now and then): small, so the demo starts fast. */
const PHOTO_SHARE = 1 / 4;
const PHOTO_WIDTH = 64;
const PHOTO_HEIGHT = 48;

const OFFICERS = DEMO_FIELD_OFFICERS;

/** Roughly where each state's main city is; forms elsewhere carry no GPS (the app could not get a fix). */
const CITIES: Readonly<Record<string, readonly [number, number]>> = {
  LA: [6.5244, 3.3792],
  FC: [9.0765, 7.3986],
  KN: [12.0022, 8.592],
  RI: [4.8156, 7.0498],
  OY: [7.3775, 3.947],
  EN: [6.4584, 7.5464],
  KD: [10.5105, 7.4165],
  ED: [6.335, 5.6037],
  AN: [6.2104, 7.0741],
  OG: [7.1475, 3.3619],
};
const AREAS: Readonly<Record<string, readonly string[]>> = {
  LA: ['Ikeja', 'Surulere', 'Lekki', 'Yaba', 'Oshodi-Isolo', 'Alimosho', 'Ikorodu'],
  FC: ['Wuse', 'Garki', 'Gwarinpa', 'Kubwa'],
  KN: ['Nassarawa', 'Fagge', 'Tarauni'],
  RI: ['Port Harcourt', 'Obio-Akpor'],
  OY: ['Ibadan North', 'Ibadan South-West'],
};

const KIND_MIX: readonly FieldFormKind[] = [
  'VISITATION',
  'VISITATION',
  'VISITATION',
  'DEPLOYMENT_SUPPORT',
  'DEPLOYMENT_SUPPORT',
  'RETRIEVAL',
  'SIM_MANAGEMENT',
  'SIM_MANAGEMENT',
];
const YES_NO = ['Yes', 'Yes', 'Yes', 'No'];
const SIM_ACTION_MIX: readonly SimAction[] = ['TOP_UP', 'TOP_UP', 'TOP_UP', 'SWAP', 'SWAP', 'NEW_SIM', 'DEACTIVATE'];
const NETWORKS: readonly SimNetwork[] = ['MTN', 'MTN', 'AIRTEL', 'GLO', '9MOBILE'];

/** The answers of a form of each kind, and the key answer its lists show. */
function answersFor(
  kind: FieldFormKind,
  random: Random,
): { answers: Record<string, string>; summary: string; sim?: { action: SimAction; network: SimNetwork; serial: string } } {
  switch (kind) {
    case 'DEPLOYMENT_SUPPORT': {
      const support = random.pick(['New deployment', 'Troubleshooting', 'Training', 'Paper rolls', 'Network issue', 'Terminal swap']);
      const working = random.pick(YES_NO);
      return {
        summary: support,
        answers: {
          supportType: support,
          terminalWorking: working,
          networkStrength: random.pick(['Strong', 'Fair', 'Weak']),
          merchantTrained: random.pick(YES_NO),
          paperRollsGiven: String(random.int(6)),
          issue: random.pick(['None', 'Card reader not reading chip cards', 'Terminal not printing', 'Transactions timing out', 'Battery draining fast']),
          comment: working === 'Yes' ? 'Left the terminal working.' : 'Escalated to support; a replacement may be needed.',
        },
      };
    }
    case 'VISITATION': {
      const purpose = random.pick(['Routine check', 'Routine check', 'Low transactions', 'Complaint follow-up', 'Relationship visit', 'Inactive terminal']);
      return {
        summary: purpose,
        answers: {
          purpose,
          merchantPresent: random.pick(YES_NO),
          terminalSeen: random.pick(YES_NO),
          dailyTransactions: String(5 + random.int(120)),
          competitorTerminals: random.pick(['None', 'Moniepoint', 'OPay', 'Palmpay', 'Moniepoint and OPay']),
          satisfaction: String(2 + random.int(4)),
          complaint: random.pick(['None', 'None', 'Settlement delays', 'Charges too high', 'Terminal slow', 'Wants a second terminal']),
          comment: random.pick(['All good.', 'Merchant asked about loans.', 'Shop was busy; visit was short.', 'Promised to do more transactions.']),
        },
      };
    }
    case 'RETRIEVAL': {
      const reason = random.pick(['Inactivity', 'Inactivity', 'Merchant request', 'Faulty terminal', 'Shop closed', 'Suspected fraud']);
      return {
        summary: reason,
        answers: {
          reason,
          terminalCondition: random.pick(['Good', 'Good', 'Scratched', 'Screen cracked', 'Not powering on']),
          chargerReturned: random.pick(YES_NO),
          simReturned: random.pick(YES_NO),
          merchantSigned: random.pick(YES_NO),
          comment: random.pick(['Collected from the shop.', 'Merchant brought it to the office.', 'Collected from the merchant’s manager.']),
        },
      };
    }
    case 'SIM_MANAGEMENT': {
      const action = random.pick(SIM_ACTION_MIX);
      const network = random.pick(NETWORKS);
      const serial = `89234${String(random.int(1e9)).padStart(9, '0')}${String(random.int(1e5)).padStart(5, '0')}`;
      const words: Record<SimAction, string> = { SWAP: 'Swap', TOP_UP: 'Top-up', NEW_SIM: 'New SIM', DEACTIVATE: 'Deactivate' };
      return {
        summary: words[action],
        sim: { action, network, serial },
        answers: {
          action: words[action],
          network,
          simSerial: serial,
          ...(action === 'SWAP' ? { oldSimSerial: `89234${String(random.int(1e9)).padStart(9, '0')}${String(random.int(1e5)).padStart(5, '0')}` } : {}),
          dataBundle: action === 'DEACTIVATE' ? 'None' : random.pick(['1 GB', '2 GB', '5 GB']),
          reason: random.pick(['Data finished', 'No network in the area', 'SIM damaged', 'Terminal retrieved', 'Monthly top-up']),
          comment: '',
        },
      };
    }
  }
}

const CARD_COLOURS: readonly Rgb[] = [
  [25, 118, 210],
  [56, 142, 60],
  [245, 124, 0],
  [123, 31, 162],
  [0, 121, 107],
];

/** A small generated "photo": a coloured card on grey with a few lighter blocks (a terminal on a counter, squinting). */
function demoPhoto(random: Random): Buffer {
  const card = random.pick(CARD_COLOURS);
  const light: Rgb = [Math.min(255, card[0] + 90), Math.min(255, card[1] + 90), Math.min(255, card[2] + 90)];
  const blocks = Array.from({ length: 3 }, () => ({ x: 12 + random.int(30), y: 10 + random.int(20), w: 6 + random.int(10), h: 4 + random.int(8) }));
  return rgbPng(PHOTO_WIDTH, PHOTO_HEIGHT, (x, y) => {
    if (x < 8 || x >= PHOTO_WIDTH - 8 || y < 6 || y >= PHOTO_HEIGHT - 6) return [200, 200, 196];
    if (blocks.some((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)) return light;
    return card;
  });
}

const CAPTIONS: Readonly<Record<FieldFormKind, readonly string[]>> = {
  DEPLOYMENT_SUPPORT: ['Terminal on the counter', 'Test receipt', 'Store front'],
  VISITATION: ['Store front', 'Terminal at the till', 'Merchant with the terminal'],
  RETRIEVAL: ['Terminal collected', 'Retrieval note signed', 'Accessories returned'],
  SIM_MANAGEMENT: ['New SIM in the terminal', 'SIM pack', 'Top-up receipt'],
};

/**
 * Loads the demo's forms from the field app once (skipped when there are any): 360 over the last
 * 90 days, of every kind (visitations most), on the demo's deployed terminals and their merchants
 * (retrievals on retrieved terminals and the merchant they were taken from, where there are any),
 * with a small generated photo on one form in four. The same every run; works without terminals.
 */
export async function seedFieldForms(deps: AppDeps, options: { now?: Date } = {}): Promise<{ forms: number; photos: number }> {
  const { db } = deps;
  if (await db.selectFrom('field_forms').select('id').limit(1).executeTakeFirst()) return { forms: 0, photos: 0 };
  const now = options.now ?? deps.clock.now();
  const random = createRandom(42);
  const deployed = await db
    .selectFrom('terminals as t')
    .innerJoin('businesses as b', 'b.id', 't.business_id')
    .select(['t.id as terminal', 'b.id as business', 'b.state_code'])
    .where('t.state', '=', 'DEPLOYED')
    .orderBy('t.id')
    .limit(2_000)
    .execute();
  // Retrieved terminals with the merchant they were last with (their history names it).
  const { rows: retrieved } = await sql<{ terminal: number; business: number; state_code: string }>`
    select distinct on (e.terminal_id) e.terminal_id as terminal, b.id as business, b.state_code
    from terminal_events e join terminals t on t.id = e.terminal_id join businesses b on b.id = e.business_id
    where t.state = 'RETRIEVED' order by e.terminal_id, e.id desc limit 500`.execute(db);

  const forms: NewFieldForm[] = [];
  // Oldest first, so ids follow the time they were submitted.
  const times = Array.from({ length: FORMS }, () => now.getTime() - random.int(DAYS * DAY)).sort((a, b) => a - b);
  for (const at of times) {
    const kind = random.pick(KIND_MIX);
    const pool = kind === 'RETRIEVAL' && retrieved.length > 0 ? retrieved : deployed;
    // A few SIM forms are done at the office, on no merchant's terminal.
    const place = pool.length > 0 && !(kind === 'SIM_MANAGEMENT' && random.chance(0.1)) ? random.pick(pool) : null;
    const officer = random.pick(OFFICERS);
    const stateCode = place?.state_code ?? 'LA';
    const city = CITIES[stateCode];
    const { answers, summary, sim } = answersFor(kind, random);
    forms.push({
      kind,
      officer_name: officer.name,
      officer_email: `${officer.name.toLowerCase().replace(' ', '.')}@traction.ng`,
      officer_phone: officer.phone,
      officer_role: officer.role,
      business_id: place?.business ?? null,
      terminal_id: place?.terminal ?? null,
      state_code: stateCode,
      area: random.pick(AREAS[stateCode] ?? ['']),
      latitude: city ? Number((city[0] + (random.next() - 0.5) * 0.2).toFixed(6)) : null,
      longitude: city ? Number((city[1] + (random.next() - 0.5) * 0.2).toFixed(6)) : null,
      // Sent from the app as it was filled in, to the second.
      submitted_at: new Date(Math.floor(at / 1000) * 1000),
      answers,
      summary,
      sim_action: sim?.action ?? null,
      sim_network: sim?.network ?? null,
      sim_serial: sim?.serial ?? null,
      visit_id: null,
    });
  }
  const ids: number[] = [];
  for (let from = 0; from < forms.length; from += 200) ids.push(...(await insertFieldForms(db, forms.slice(from, from + 200))));

  const photos: Parameters<typeof insertFieldFormPhotos>[1][number][] = [];
  for (const [index, id] of ids.entries()) {
    if (!random.chance(PHOTO_SHARE)) continue;
    const count = random.chance(0.2) ? 2 : 1;
    for (let n = 0; n < count; n++) {
      const bytes = demoPhoto(random);
      // Deterministic keys: a second run over an emptied database writes the same files again.
      const key = createHash('sha256').update(`demo-field-form-photo:${index}:${n}`).digest('hex');
      await deps.providers.files.put(key, bytes);
      photos.push({
        form_id: id,
        caption: CAPTIONS[forms[index]!.kind][n] ?? '',
        file_key: key,
        content_type: 'image/png',
        size_bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
  await insertFieldFormPhotos(db, photos);
  return { forms: ids.length, photos: photos.length };
}
