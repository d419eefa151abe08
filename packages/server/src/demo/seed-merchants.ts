import { FIXED_ACCOUNT_BANKS, NIGERIAN_STATES, nuban } from '@traction/core';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { Db } from '../db/connect';
import type { Database } from '../db/database';
import type { FileStore } from '../providers/files/file-store';
import { createRandom, type Random } from './random';
import { specimenDocuments } from './specimen-documents';
import { FIRST_NAMES, LAST_NAMES } from './names';

/**
 * Demo merchants: Nigerian businesses across the 36 states and the FCT, with their owners, bank
 * and virtual accounts, wallets, KYC records in every status, risk flags and history.
 * Deterministic for a given count and anchor day, so every fresh start looks the same.
 */
export interface SeedMerchantsOptions {
  /** How many businesses (3,000 for the demo, 100,000 for benchmarks). */
  count: number;
  /** Dates are laid out backwards from this day (default: today), so "inactive" stays meaningful. */
  anchor?: Date;
  /** Called after each chunk with the businesses written so far. */
  onProgress?: (written: number) => void;
  /** Where to keep specimen documents for the KYC records; without it records have none. */
  files?: FileStore;
}

/** Upload ids of the specimen documents, by the kind of record that shows them, with their labels. */
type SpecimenUploads = Record<'identity' | 'address' | 'corporate', { id: number; label: string }[]>;

const CHUNK = 2_000;
const DAY = 86_400_000;

/** Lagos first, then the big commercial states; every state gets some. */
const STATE_WEIGHTS: Record<string, number> = {
  LA: 30,
  FC: 10,
  KN: 6,
  RI: 6,
  OY: 5,
  OG: 4,
  KD: 3,
  AN: 3,
  ED: 3,
  EN: 3,
  DE: 3,
  AB: 2,
  IM: 2,
  KW: 2,
  PL: 2,
  AK: 2,
  OS: 2,
  ON: 2,
};
const WEIGHTED_STATES = NIGERIAN_STATES.flatMap((state) => Array<string>(STATE_WEIGHTS[state.code] ?? 1).fill(state.code));
const CAPITAL = Object.fromEntries(NIGERIAN_STATES.map((state) => [state.code, state.capital]));

const CATEGORIES: readonly (readonly [code: string, suffixes: readonly string[]])[] = [
  ['RETAIL', ['Provisions', 'Stores', 'Enterprises', 'Mini Mart']],
  ['SUPERMARKET', ['Supermarket', 'Superstore', 'Mall']],
  ['RESTAURANT', ['Kitchen', 'Foods', 'Eatery', 'Suya Spot', 'Bukka']],
  ['PHARMACY', ['Pharmacy', 'Chemists', 'Pharmaceuticals']],
  ['FASHION', ['Fashion House', 'Boutique', 'Couture', 'Fabrics']],
  ['ELECTRONICS', ['Electronics', 'Phones & Accessories', 'Gadgets']],
  ['HOSPITALITY', ['Hotel', 'Suites', 'Guest House', 'Lounge']],
  ['LOGISTICS', ['Logistics', 'Motors', 'Transport Services']],
  ['EDUCATION', ['Academy', 'International School', 'College']],
  ['HEALTH', ['Clinic', 'Hospital', 'Medical Centre']],
  ['FUEL', ['Filling Station', 'Petroleum', 'Oil & Gas']],
  ['AGRICULTURE', ['Farms', 'Agro Allied', 'Feeds']],
  ['BEAUTY', ['Beauty Salon', 'Spa', 'Barbing Saloon']],
  ['TELECOMS', ['Telecoms', 'Communications', 'Recharge Centre']],
  ['AGENT_BANKING', ['POS Hub', 'Cash Point', 'Business Centre']],
  ['PROFESSIONAL', ['Consult', 'Associates', 'Chambers']],
  ['RELIGIOUS', ['Ministries', 'Assembly', 'Mission']],
  ['OTHER', ['Ventures', 'Global Concepts', 'Nigeria Ltd']],
];
const PREFIXES = [
  'Divine',
  'Grace',
  'Royal',
  'Golden',
  'Bright Star',
  'New Era',
  'Excellent',
  'Blessed',
  'Favour',
  'Unity',
  'Arewa',
  'Oodua',
  'Ndigbo',
  'Crystal',
  'Zion',
  'Evergreen',
  'Kingdom',
  'Emerald',
  'Jubilee',
  'Victory',
  'Sunrise',
  'Heritage',
  'Premier',
  'Amazing',
  'Success',
];
const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com'];
const PHONE_PREFIXES = [
  '803',
  '806',
  '813',
  '816',
  '703',
  '706',
  '810',
  '814',
  '903',
  '906',
  '805',
  '807',
  '815',
  '905',
  '802',
  '808',
  '812',
  '701',
  '902',
  '809',
  '817',
  '818',
  '909',
];
/** Commercial banks (3-digit CBN codes) where merchants keep their settlement accounts. */
const BANKS = [
  ['058', 'Guaranty Trust Bank'],
  ['044', 'Access Bank'],
  ['057', 'Zenith Bank'],
  ['011', 'First Bank of Nigeria'],
  ['033', 'United Bank for Africa'],
  ['070', 'Fidelity Bank'],
  ['032', 'Union Bank'],
  ['221', 'Stanbic IBTC Bank'],
  ['232', 'Sterling Bank'],
  ['214', 'First City Monument Bank'],
  ['050', 'Ecobank Nigeria'],
  ['035', 'Wema Bank'],
  ['076', 'Polaris Bank'],
  ['082', 'Keystone Bank'],
  ['030', 'Heritage Bank'],
  ['215', 'Unity Bank'],
] as const;
const DOCUMENT_TYPES = ['NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD'] as const;
const STREETS = [
  'Allen Avenue',
  'Adeola Odeku Street',
  'Awolowo Road',
  'Aminu Kano Crescent',
  'Ahmadu Bello Way',
  'Ogui Road',
  'Aba Road',
  'Ring Road',
  'Market Road',
  'Station Road',
  'Hospital Road',
  'Old Ibadan Road',
  'Zik Avenue',
  'Murtala Mohammed Way',
];
const AGENTS = FIRST_NAMES.slice(0, 24).map((first, i) => `${first}.${LAST_NAMES[(i * 5) % LAST_NAMES.length]}@traction.ng`.toLowerCase());

const KYC_OUTCOMES = [
  ['APPROVED', 60, 'Details match the submitted document'],
  ['PENDING', 15, null],
  ['PROCESSING', 8, null],
  ['DISAPPROVED', 10, 'Name on the document does not match the business owner'],
  ['REJECTED', 7, 'Document is blurred and unreadable; ask the merchant to upload a clear copy'],
] as const;
const KYC_WEIGHTED = KYC_OUTCOMES.flatMap((outcome) => Array<(typeof KYC_OUTCOMES)[number]>(outcome[1]).fill(outcome));

/** Writes the demo merchants unless some exist already. Returns how many were written. */
export async function seedMerchants(db: Db, options: SeedMerchantsOptions): Promise<{ businesses: number }> {
  const existing = await db.selectFrom('businesses').select('id').limit(1).executeTakeFirst();
  if (existing || options.count <= 0) return { businesses: 0 };
  const anchor = new Date(Math.floor((options.anchor ?? new Date()).getTime() / DAY) * DAY);
  const reviewers = (await db.selectFrom('admins').select('id').where('deleted_at', 'is', null).orderBy('id').limit(12).execute()).map((admin) => admin.id);
  const counters = { kyc: 0, wemaSerial: 0, providusSerial: 0, vfdSerial: 0 };
  const specimens = options.files ? await storeSpecimens(db, options.files) : undefined;

  for (let start = 0; start < options.count; start += CHUNK) {
    const end = Math.min(options.count, start + CHUNK);
    const chunk = buildChunk({ start, end, total: options.count, anchor, reviewers, counters, specimens });
    await db.transaction().execute(async (trx) => {
      for (const [table, rows] of chunk) await insertMany(trx, table, rows);
    });
    options.onProgress?.(end);
  }
  // Rows were written with their ids, so the sequences must catch up before anyone inserts.
  for (const table of ['businesses', 'kyc_records'] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(db);
  }
  return { businesses: options.count };
}

type Chunk = [keyof Database, Record<string, unknown>[]][];

interface ChunkPlan {
  start: number;
  end: number;
  total: number;
  anchor: Date;
  reviewers: number[];
  /** Running numbers across chunks: KYC ids and virtual-account serials per bank. */
  counters: { kyc: number; wemaSerial: number; providusSerial: number; vfdSerial: number };
  specimens: SpecimenUploads | undefined;
}

function buildChunk({ start, end, total, anchor, reviewers, counters, specimens }: ChunkPlan): Chunk {
  const businesses: Record<string, unknown>[] = [];
  const users: Record<string, unknown>[] = [];
  const bankAccounts: Record<string, unknown>[] = [];
  const wallets: Record<string, unknown>[] = [];
  const fixedAccounts: Record<string, unknown>[] = [];
  const kyc: Record<string, unknown>[] = [];
  const kycEvents: Record<string, unknown>[] = [];
  const kycDocuments: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const issues: Record<string, unknown>[] = [];
  const stores: Record<string, unknown>[] = [];
  const reviewer = (random: Random) => (reviewers.length > 0 ? random.pick(reviewers) : null);

  for (let index = start; index < end; index += 1) {
    const random = createRandom(index + 1);
    const id = index + 1;
    // A moment up to `days` after `from`; one that would pass the anchor lands in the hours before it instead.
    const notAfterAnchor = (ms: number) => (ms <= anchor.getTime() ? ms : anchor.getTime() - 1 - random.int(DAY / 2));
    const after = (from: Date, days: number) => new Date(Math.max(from.getTime(), notAfterAnchor(from.getTime() + random.int(days * DAY))));
    const [category, suffixes] = random.pick(CATEGORIES);
    const owner = { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
    const state = random.pick(WEIGHTED_STATES);
    const style = random.int(3);
    const base = style === 0 ? `${owner.first} ${owner.last}` : style === 1 ? random.pick(PREFIXES) : `${random.pick(PREFIXES)} ${owner.first}`;
    const name = `${base} ${random.pick(suffixes)}${random.chance(0.3) ? ` ${CAPITAL[state]}` : ''}`;
    const email = `${owner.first}.${owner.last}${id}@${random.pick(MAIL_DOMAINS)}`.toLowerCase();
    const phone = `+234${random.pick(PHONE_PREFIXES)}${String(random.int(10_000_000)).padStart(7, '0')}`;
    // Older merchants first: ids grow with sign-up time, spread over almost four years.
    const createdAt = new Date(anchor.getTime() - Math.floor((1 - (index + 0.5) / total) * 1_400) * DAY - random.int(DAY));
    const isFraud = random.chance(0.015);
    const isTrusted = !isFraud && random.chance(0.05);
    const kycExempt = random.chance(0.02);
    const bvnExempt = !kycExempt && random.chance(0.01);
    const corporate = random.chance(0.15);
    const rcNumber = corporate ? `RC${100000 + random.int(1_800_000)}` : null;
    const bvn = `22${String(random.int(1_000_000_000)).padStart(9, '0')}`;
    const marker = reviewer(random);
    businesses.push({
      id,
      name,
      email,
      phone,
      category,
      state_code: state,
      address: `${1 + random.int(180)} ${random.pick(STREETS)}, ${CAPITAL[state]}`,
      rc_number: rcNumber,
      bvn,
      sales_agent_email: random.chance(0.7) ? random.pick(AGENTS) : null,
      kyc_exempt: kycExempt,
      bvn_exempt: bvnExempt,
      kyc_override_by: kycExempt || bvnExempt ? marker : null,
      kyc_override_at: kycExempt || bvnExempt ? after(createdAt, 30) : null,
      is_fraud: isFraud,
      fraud_reason: isFraud
        ? random.pick([
            'Chargebacks on stolen cards',
            'Reported by the bank for a scam',
            'Card-not-present fraud pattern',
            'Split transactions to avoid limits',
          ])
        : null,
      fraud_marked_by: isFraud ? marker : null,
      fraud_marked_at: isFraud ? after(createdAt, 200) : null,
      is_trusted: isTrusted,
      trusted_by: isTrusted ? marker : null,
      trusted_at: isTrusted ? after(createdAt, 300) : null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    users.push({ business_id: id, email, first_name: owner.first, last_name: owner.last, phone, role: 'owner', created_at: createdAt });
    if (random.chance(0.2)) {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      users.push({
        business_id: id,
        email: `${first}.${last}.${id}@${random.pick(MAIL_DOMAINS)}`.toLowerCase(),
        first_name: first,
        last_name: last,
        phone: `+234${random.pick(PHONE_PREFIXES)}${String(random.int(10_000_000)).padStart(7, '0')}`,
        role: random.chance(0.5) ? 'manager' : 'cashier',
        created_at: after(createdAt, 60),
      });
    }

    // The main shop, and for some a branch or two elsewhere in the state.
    const branches = random.chance(0.15) ? 1 + random.int(3) : 1;
    for (let branch = 0; branch < branches; branch += 1) {
      stores.push({
        business_id: id,
        name: branch === 0 ? `${name} (main)` : `${name} ${random.pick(['Annex', 'Branch', 'Outlet'])} ${branch + 1}`,
        address: `${1 + random.int(180)} ${random.pick(STREETS)}, ${CAPITAL[state]}`,
        state_code: state,
        created_at: branch === 0 ? createdAt : after(createdAt, 400),
      });
    }

    const [bankCode, bankName] = random.pick(BANKS);
    const settlementSerial = String(100_000_000 + id * 7 + random.int(7)).slice(-9);
    bankAccounts.push({
      business_id: id,
      bank_code: bankCode,
      bank_name: bankName,
      account_number: nuban(bankCode, settlementSerial),
      account_name: name.toUpperCase().slice(0, 60),
      is_settlement: true,
      verified_at: createdAt,
      created_at: createdAt,
    });
    if (random.chance(0.2)) {
      const [otherCode, otherName] = random.pick(BANKS);
      if (otherCode !== bankCode) {
        bankAccounts.push({
          business_id: id,
          bank_code: otherCode,
          bank_name: otherName,
          account_number: nuban(otherCode, String(300_000_000 + id).slice(-9)),
          account_name: `${owner.first} ${owner.last}`.toUpperCase(),
          is_settlement: false,
          verified_at: null,
          created_at: after(createdAt, 90),
        });
      }
    }

    const hasWallet = random.chance(0.9);
    let walletStatus = 'ACTIVE';
    if (hasWallet) {
      walletStatus = isFraud ? 'FROZEN' : random.chance(0.025) ? 'PND' : random.chance(0.005) ? 'FROZEN' : random.chance(0.003) ? 'CLOSED' : 'ACTIVE';
      wallets.push({
        business_id: id,
        status: walletStatus,
        status_reason:
          walletStatus === 'ACTIVE'
            ? null
            : walletStatus === 'PND'
              ? 'Awaiting KYC documents before payouts'
              : walletStatus === 'FROZEN'
                ? 'Frozen pending fraud investigation'
                : "Closed at the merchant's request",
        status_changed_by: walletStatus === 'ACTIVE' ? null : marker,
        status_changed_at: walletStatus === 'ACTIVE' ? null : after(createdAt, 200),
        created_at: createdAt,
      });
      const banks = random.chance(0.35) ? (['WEMA', 'PROVIDUS'] as const) : ([random.pick(['WEMA', 'WEMA', 'PROVIDUS', 'VFD'] as const)] as const);
      for (const bank of banks) {
        const counter = SERIAL_COUNTER[bank];
        counters[counter] += 1;
        const serial = `${SERIAL_PREFIX[bank]}${String(counters[counter]).padStart(8, '0')}`;
        const blacklisted = isFraud ? random.chance(0.7) : random.chance(0.008);
        // Most accounts saw money recently; some never did, some went quiet months ago.
        const activity = random.chance(0.7)
          ? new Date(anchor.getTime() - random.int(25) * DAY - random.int(DAY))
          : random.chance(0.4)
            ? null
            : new Date(anchor.getTime() - (31 + random.int(400)) * DAY);
        const opened = after(createdAt, 2);
        fixedAccounts.push({
          business_id: id,
          bank,
          account_number: nuban(FIXED_ACCOUNT_BANKS[bank].code, serial),
          account_name: `Traction/${name}`.slice(0, 60),
          status: activity === null && random.chance(0.1) ? 'DEACTIVATED' : 'ACTIVE',
          blacklisted,
          blacklist_reason: blacklisted ? (isFraud ? 'Merchant flagged as fraud' : 'Inflows from a reported scam') : null,
          blacklisted_by: blacklisted ? marker : null,
          blacklisted_at: blacklisted ? after(createdAt, 200) : null,
          // never before the account was opened
          last_activity_at: activity && activity < opened ? after(opened, 1) : activity,
          created_at: opened,
        });
      }
    }

    const addKyc = (type: string, values: Record<string, unknown>, outcome: (typeof KYC_OUTCOMES)[number]) => {
      counters.kyc += 1;
      const kycId = counters.kyc;
      const submittedAt = after(createdAt, 20);
      const decided = outcome[0] !== 'PENDING';
      const by = decided ? reviewer(random) : null;
      const reviewedAt = decided ? new Date(Math.max(submittedAt.getTime(), notAfterAnchor(submittedAt.getTime() + (1 + random.int(72)) * 3_600_000))) : null;
      kyc.push({
        id: kycId,
        business_id: id,
        verification_type: type,
        status: outcome[0],
        comment: outcome[2],
        reviewed_by: outcome[0] === 'PROCESSING' ? null : by,
        reviewed_at: outcome[0] === 'PROCESSING' ? null : reviewedAt,
        submitted_at: submittedAt,
        updated_at: reviewedAt ?? submittedAt,
        document_type: null,
        id_number: null,
        detail: null,
        ...values,
      });
      const kind = type === 'DOCUMENT' ? 'identity' : type === 'ADDRESS' ? 'address' : type === 'CORPORATE' ? 'corporate' : null;
      if (kind && specimens) for (const upload of specimens[kind]) kycDocuments.push({ kyc_id: kycId, upload_id: upload.id, label: upload.label });
      if (decided)
        kycEvents.push({
          kyc_id: kycId,
          from_status: 'PENDING',
          to_status: outcome[0],
          comment: outcome[2],
          admin_id: outcome[0] === 'PROCESSING' ? null : by,
          at: reviewedAt,
        });
    };
    const automatic = (ok: boolean) => (ok ? KYC_OUTCOMES[0] : KYC_OUTCOMES[1]);
    addKyc('EMAIL', { detail: email }, automatic(random.chance(0.92)));
    addKyc('PHONE', { detail: phone }, automatic(random.chance(0.88)));
    const documentType = random.pick(DOCUMENT_TYPES);
    addKyc('DOCUMENT', { document_type: documentType, id_number: documentNumber(documentType, random, bvn) }, random.pick(KYC_WEIGHTED));
    if (random.chance(0.6))
      addKyc(
        'ADDRESS',
        { document_type: 'UTILITY_BILL', detail: `${1 + random.int(180)} ${random.pick(STREETS)}, ${CAPITAL[state]}` },
        random.pick(KYC_WEIGHTED),
      );
    if (rcNumber) addKyc('CORPORATE', { document_type: 'CAC', id_number: rcNumber }, random.pick(KYC_WEIGHTED));

    events.push({
      business_id: id,
      kind: 'business.signed-up',
      message: `${name} signed up in ${CAPITAL[state]}`,
      admin_id: null,
      at: createdAt,
      details: JSON.stringify({ category, state }),
    });
    if (isFraud)
      events.push({
        business_id: id,
        kind: 'fraud.marked',
        message: 'Marked as fraud',
        admin_id: marker,
        at: businesses.at(-1)!.fraud_marked_at,
        details: JSON.stringify({ reason: businesses.at(-1)!.fraud_reason }),
      });
    if (isTrusted)
      events.push({ business_id: id, kind: 'trust.granted', message: 'Marked as trusted', admin_id: marker, at: businesses.at(-1)!.trusted_at, details: '{}' });
    if (hasWallet && walletStatus !== 'ACTIVE')
      events.push({
        business_id: id,
        kind: 'wallet.status',
        message: `Wallet set to ${walletStatus}`,
        admin_id: marker,
        at: wallets.at(-1)!.status_changed_at,
        details: JSON.stringify({ status: walletStatus }),
      });
    if (random.chance(0.04)) {
      const resolved = random.chance(0.6);
      const openedAt = after(createdAt, 300);
      issues.push({
        business_id: id,
        subject: random.pick([
          'Settlement not received',
          'Terminal not connecting',
          'Cannot log in to the app',
          'Wrong account name on virtual account',
          'Double debit on customer card',
          'Request for a second terminal',
        ]),
        body: 'Merchant called the support line; details taken by the agent on duty.',
        channel: random.pick(['EMAIL', 'PHONE', 'WHATSAPP', 'IN_APP'] as const),
        status: resolved ? 'RESOLVED' : random.chance(0.5) ? 'IN_PROGRESS' : 'OPEN',
        created_at: openedAt,
        resolved_at: resolved ? new Date(Math.max(openedAt.getTime(), notAfterAnchor(openedAt.getTime() + (2 + random.int(96)) * 3_600_000))) : null,
      });
    }
  }
  return [
    ['businesses', businesses],
    ['business_users', users],
    ['bank_accounts', bankAccounts],
    ['wallets', wallets],
    ['fixed_accounts', fixedAccounts],
    ['kyc_records', kyc],
    ['kyc_events', kycEvents],
    ['kyc_documents', kycDocuments],
    ['business_events', events],
    ['support_issues', issues],
    ['stores', stores],
  ];
}

function documentNumber(type: (typeof DOCUMENT_TYPES)[number], random: Random, bvn: string): string {
  switch (type) {
    case 'BVN':
      return bvn;
    case 'NIN':
      return String(10_000_000_000 + random.int(89_999_999_999)).padStart(11, '0');
    case 'PASSPORT':
      return `A${String(random.int(100_000_000)).padStart(8, '0')}`;
    case 'DRIVERS_LICENSE':
      return `${random.pick(['LAG', 'ABJ', 'KAN', 'RIV', 'OYO'])}${String(random.int(100_000)).padStart(5, '0')}AA${String(random.int(100)).padStart(2, '0')}`;
    case 'VOTERS_CARD':
      return `90F5${String(random.int(1_000_000_000)).padStart(9, '0')}${String(random.int(1_000_000)).padStart(6, '0')}`;
  }
}

const SPECIMEN_LABELS: Record<string, string> = {
  'identity-card-specimen.png': 'Identity document',
  'utility-bill-specimen.pdf': 'Utility bill',
  'cac-certificate-specimen.pdf': 'CAC certificate',
  'cac-status-report-specimen.png': 'CAC status report',
};

/** Stores the specimens under their SHA-256 (so a second seed reuses them) and records them as uploads. */
async function storeSpecimens(db: Db, files: FileStore): Promise<SpecimenUploads> {
  const documents = specimenDocuments();
  const stored: SpecimenUploads = { identity: [], address: [], corporate: [] };
  for (const kind of ['identity', 'address', 'corporate'] as const) {
    for (const document of documents[kind]) {
      const sha256 = createHash('sha256').update(document.bytes).digest('hex');
      await files.put(sha256, document.bytes);
      const { id } = await db
        .insertInto('uploads')
        .values({ original_name: document.name, content_type: document.contentType, size_bytes: document.bytes.length, sha256, storage_key: sha256 })
        .onConflict((oc) => oc.column('storage_key').doUpdateSet({ original_name: document.name }))
        .returning('id')
        .executeTakeFirstOrThrow();
      stored[kind].push({ id, label: SPECIMEN_LABELS[document.name] ?? document.name });
    }
  }
  return stored;
}

/** Each bank's account serials: their first digit, and the counter that numbers them. */
const SERIAL_PREFIX = { WEMA: '7', PROVIDUS: '9', VFD: '1' } as const;
const SERIAL_COUNTER = { WEMA: 'wemaSerial', PROVIDUS: 'providusSerial', VFD: 'vfdSerial' } as const;

/** Multi-row inserts kept under PostgreSQL's 65,535 parameters per statement. */
async function insertMany(db: Db, table: keyof Database, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(60_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: one loader for every table; each chunk's rows were built for the table they go to.
      .values(rows.slice(i, i + size) as any)
      .execute();
  }
}
