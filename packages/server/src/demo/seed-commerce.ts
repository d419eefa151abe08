import type { InvoiceStatus, OnlineOrderChannel, OnlineOrderStatus, OnlineStoreStatus } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom, type Random } from './random';

const DAY = 86_400_000;
/** Sales on a fresh `npm start`; TRACTION_DEMO_SALES asks for more (a million in about 20 s on PGlite). */
export const DEMO_SALES = 5_000;
/** Sales, orders and invoices fall over the last `DAYS` days. */
const DAYS = 90;
/** One demo merchant in `STORE_EVERY` has an online store, up to `MAX_STORES`. */
const STORE_EVERY = 4;
const MAX_STORES = 400;
const ORDERS = 1_500;
const INVOICES = 800;
/** Rows per generate_series insert: a million sales in a few statements, each of bounded size. */
const SALES_CHUNK = 250_000;

const CATALOGUE: readonly (readonly [category: string, name: string, priceNaira: number])[] = [
  ['Groceries', 'Indomie Chicken 70g (carton)', 7_800],
  ['Groceries', 'Golden Penny Semovita 1kg', 1_650],
  ['Groceries', 'Dangote Sugar 500g', 900],
  ['Groceries', 'Mama Gold Rice 5kg', 9_500],
  ['Groceries', 'Peak Milk Tin 400g', 3_200],
  ['Drinks', 'Coca-Cola 50cl (pack of 12)', 4_200],
  ['Drinks', 'Malta Guinness Can', 650],
  ['Drinks', 'Eva Water 75cl (pack of 12)', 2_400],
  ['Fashion', 'Ankara Fabric (6 yards)', 12_000],
  ['Fashion', 'Men’s Senator Kaftan', 25_000],
  ['Fashion', 'Leather Slippers', 8_500],
  ['Phones', 'Phone Charger (Type-C)', 3_500],
  ['Phones', 'Screen Guard', 1_500],
  ['Phones', 'Power Bank 20000mAh', 18_000],
  ['Beauty', 'Shea Butter 250g', 2_000],
  ['Beauty', 'Hair Braiding Extension', 1_800],
  ['Pharmacy', 'Paracetamol (pack)', 500],
  ['Pharmacy', 'Vitamin C 1000mg', 2_800],
];

const STORE_STATUS_MIX: readonly OnlineStoreStatus[] = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'PAUSED', 'CLOSED'];
const ORDER_STATUS_MIX: readonly OnlineOrderStatus[] = ['DELIVERED', 'DELIVERED', 'DELIVERED', 'SHIPPED', 'PAID', 'PAID', 'PENDING', 'CANCELLED'];
const CHANNEL_MIX: readonly OnlineOrderChannel[] = ['WEB', 'WEB', 'WHATSAPP', 'WHATSAPP', 'WHATSAPP', 'INSTAGRAM', 'FACEBOOK'];

const slugOf = (name: string, id: number) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'store'
  }-${id}`;
const customerName = (random: Random) => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
const customerPhone = (random: Random) => `+234${random.pick(['7', '8', '9'])}${random.pick(['0', '1'])}${String(random.int(100_000_000)).padStart(8, '0')}`;
/** `count` instants over the `days` before `now`, oldest first, so ids follow time as the app's do. */
const timesBefore = (random: Random, now: Date, days: number, count: number) =>
  Array.from({ length: count }, () => new Date(now.getTime() - 60_000 - random.int(days * DAY))).sort((a, b) => a.getTime() - b.getTime());

/**
 * Loads what the demo merchants do in the merchant app, once (skipped when there are online
 * stores): online stores for one merchant in four, their catalogues, orders with the stores,
 * invoices in every status, and `sales` sales (DEMO_SALES by default) over the last 90 days.
 * The same every run; the app's users are the merchants' own (business_users).
 */
export async function seedCommerce(
  db: Db,
  options: { now?: Date; sales?: number } = {},
): Promise<{ stores: number; products: number; orders: number; invoices: number; sales: number }> {
  const none = { stores: 0, products: 0, orders: 0, invoices: 0, sales: 0 };
  if (await db.selectFrom('online_stores').select('id').limit(1).executeTakeFirst()) return none;
  const now = options.now ?? new Date();
  const random = createRandom(21);
  const merchants = await db
    .selectFrom('businesses')
    .select(['id', 'name', 'created_at'])
    .where('is_fraud', '=', false)
    .orderBy('id')
    .limit(MAX_STORES * STORE_EVERY)
    .execute();
  if (merchants.length === 0) return none;

  const storeOwners = merchants.filter((_, i) => i % STORE_EVERY === 0);
  const stores = await db
    .insertInto('online_stores')
    .values(
      storeOwners.map((merchant) => ({
        business_id: merchant.id,
        name: `${merchant.name.slice(0, 100)} Online`,
        slug: slugOf(merchant.name, merchant.id),
        status: random.pick(STORE_STATUS_MIX),
        created_at: new Date(Math.max(merchant.created_at.getTime(), now.getTime() - 300 * DAY) + random.int(30 * DAY)),
      })),
    )
    .returning(['id', 'business_id', 'created_at'])
    .execute();

  // A catalogue for each store owner (most of it on sale online) and a smaller one for other merchants.
  const storeOf = new Map(stores.map((store) => [store.business_id, store]));
  const products = merchants.flatMap((merchant, i) => {
    const store = storeOf.get(merchant.id);
    if (!store && i % 3 !== 1) return [];
    const size = store ? 8 : 4;
    const start = random.int(CATALOGUE.length);
    return Array.from({ length: size }, (_, n) => {
      const [category, name, priceNaira] = CATALOGUE[(start + n * 5) % CATALOGUE.length]!;
      return {
        business_id: merchant.id,
        online_store_id: store && n < 6 ? store.id : null,
        name,
        sku: `SKU-${merchant.id}-${String(n + 1).padStart(3, '0')}`,
        category,
        // Each merchant prices a little differently: within 10% of the usual price, in whole Naira.
        price: Math.round(priceNaira * (0.9 + random.next() * 0.2)) * 100,
        stock: random.chance(0.1) ? 0 : random.int(200),
        created_at: new Date((store?.created_at ?? merchant.created_at).getTime() + random.int(10 * DAY)),
      };
    });
  });
  const insertedProducts: { id: number; online_store_id: number | null; price: bigint }[] = [];
  for (let start = 0; start < products.length; start += 1_000) {
    insertedProducts.push(
      ...(await db
        .insertInto('products')
        .values(products.slice(start, start + 1_000))
        .returning(['id', 'online_store_id', 'price'])
        .execute()),
    );
  }

  const onSale = new Map<number, bigint[]>();
  for (const product of insertedProducts)
    if (product.online_store_id !== null) onSale.set(product.online_store_id, [...(onSale.get(product.online_store_id) ?? []), product.price]);
  const selling = stores.filter((store) => onSale.has(store.id));
  const orders =
    selling.length === 0
      ? []
      : timesBefore(random, now, DAYS, ORDERS).map((at, i) => {
          const store = random.pick(selling);
          const prices = onSale.get(store.id)!;
          const items = 1 + random.int(3);
          const total = Array.from({ length: items }, () => random.pick(prices)).reduce((sum, price) => sum + price, 0n);
          return {
            online_store_id: store.id,
            business_id: store.business_id,
            reference: `ORD-${String(i + 1).padStart(10, '0')}`,
            customer_name: customerName(random),
            customer_phone: customerPhone(random),
            status: random.pick(ORDER_STATUS_MIX),
            channel: random.pick(CHANNEL_MIX),
            total,
            created_at: at,
          };
        });
  if (orders.length > 0) await db.insertInto('online_orders').values(orders).execute();

  const today = now.toISOString().slice(0, 10);
  const invoices = timesBefore(random, now, DAYS, INVOICES).map((at, i) => {
    const due = new Date(at.getTime() + (7 + random.int(24)) * DAY).toISOString().slice(0, 10);
    const paid = random.chance(0.55);
    const status: InvoiceStatus = paid ? 'PAID' : due < today ? 'OVERDUE' : 'UNPAID';
    const name = customerName(random);
    return {
      business_id: random.pick(merchants).id,
      number: `INV-${String(i + 1).padStart(5, '0')}`,
      customer_name: name,
      customer_email: random.chance(0.7) ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.ng` : null,
      status,
      amount: (5 + random.int(500)) * 100_000,
      due_date: due,
      paid_at: paid ? new Date(Math.min(at.getTime() + random.int(20 * DAY), now.getTime())) : null,
      created_at: at,
    };
  });
  await db.insertInto('invoices').values(invoices).execute();

  const sales = await seedSales(db, { count: options.sales ?? DEMO_SALES, now, days: DAYS });
  return { stores: stores.length, products: insertedProducts.length, orders: orders.length, invoices: invoices.length, sales };
}

/**
 * Inserts `count` sales by the demo merchants over the `days` (default 90) before `now`, ids in
 * time order, in PostgreSQL alone (generate_series, each row's choices hashed from its number):
 * a million in seconds, for benchmarks as well as the demo. Four sales in five are of a product
 * of the merchant's catalogue (when there are products), the rest of an amount alone; cash is the
 * commonest payment, then transfer, then card. Answers how many it inserted.
 */
export async function seedSales(db: Db, options: { count: number; now?: Date; days?: number }): Promise<number> {
  const count = Math.max(0, Math.floor(options.count));
  const merchants = await db.selectFrom('businesses').select('id').where('is_fraud', '=', false).limit(1).executeTakeFirst();
  if (count === 0 || !merchants) return 0;
  const end = (options.now ?? new Date()).getTime() / 1000 - 60;
  const spanSeconds = (options.days ?? DAYS) * 86_400;
  const step = spanSeconds / count;
  // Every reference is taken from the rows it points at, so a superuser (PGlite's, a benchmark's)
  // may skip the foreign-key triggers: nearly half the time of a large load on PGlite.
  const superuser = (await sql<{ super: boolean }>`select rolsuper as super from pg_roles where rolname = current_user`.execute(db)).rows[0]?.super === true;
  for (let first = 1; first <= count; first += SALES_CHUNK) {
    const last = Math.min(count, first + SALES_CHUNK - 1);
    await db.transaction().execute((trx) => insertSales(trx, first, last, end - spanSeconds, step, superuser));
  }
  return count;
}

async function insertSales(trx: Db, first: number, last: number, startSeconds: number, step: number, skipTriggers: boolean): Promise<void> {
  if (skipTriggers) await sql`set local session_replication_role = replica`.execute(trx);
  await sql`
      with p as (
        select coalesce(array_agg(id order by id), '{}') as ids, coalesce(array_agg(business_id order by id), '{}') as owners,
          coalesce(array_agg(price order by id), '{}') as prices
        from products where price > 0
      ), b as (select array_agg(id order by id) as ids from businesses where not is_fraud)
      insert into sales (business_id, product_id, quantity, payment_method, amount, created_at)
      select
        case when r.with_product then p.owners[r.pi] else b.ids[r.bi] end,
        case when r.with_product then p.ids[r.pi] end,
        r.qty,
        case when r.h2 % 20 < 9 then 'CASH' when r.h2 % 20 < 16 then 'TRANSFER' else 'CARD' end,
        case when r.with_product then p.prices[r.pi] * r.qty else (2 + r.h3 % 400) * 5000 end,
        to_timestamp(${startSeconds} + ((g - 1) + (r.h2 % 1000) / 1000.0) * ${step})
      from p, b, generate_series(${first}::int, ${last}::int) g
      cross join lateral (
        select h1, h2, h3,
          cardinality(p.ids) > 0 and h1 % 5 <> 0 as with_product,
          1 + h1 % greatest(cardinality(p.ids), 1) as pi,
          1 + h3 % cardinality(b.ids) as bi,
          case when h2 % 10 = 0 then 3 when h2 % 4 = 0 then 2 else 1 end as qty
        from (select (g::bigint * 2654435761) % 4294967291 as h1, (g::bigint * 40503 + 12345) % 65521 as h2, (g::bigint * 69069 + 1) % 2147483647 as h3) h
      ) r`.execute(trx);
}
