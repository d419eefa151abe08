import { FIELD_FORM_QUESTIONS, type FieldFormKind, type FieldFormRow, fieldFormQuestion, type SimAction, type SimNetwork, stateName } from '@traction/core';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import type { FieldFormPhotosTable, FieldFormsTable } from '../../db/tables/field-forms.tables';
import { isoTimestamp } from '../../db/timestamps';

/** Every form with its merchant, terminal and photo count; callers filter and page it. */
export function fieldFormQuery(db: Db) {
  return db
    .selectFrom('field_forms as f')
    .leftJoin('businesses as b', 'b.id', 'f.business_id')
    .leftJoin('terminals as t', 't.id', 'f.terminal_id')
    .select((eb) => [
      'f.id',
      'f.kind',
      'f.submitted_at',
      'f.officer_name',
      'f.officer_email',
      'f.officer_phone',
      'f.officer_role',
      'f.business_id',
      'b.name as business_name',
      'f.terminal_id',
      't.terminal_id as tid',
      't.serial_no',
      't.state as terminal_state',
      'f.state_code',
      'f.area',
      'f.latitude',
      'f.longitude',
      'f.summary',
      'f.sim_action',
      'f.sim_network',
      'f.sim_serial',
      'f.visit_id',
      eb
        .selectFrom('field_form_photos as p')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('p.form_id', '=', 'f.id')
        .as('photo_count'),
    ]);
}
type FieldFormQuery = ReturnType<typeof fieldFormQuery>;
export type FieldFormRecord = RowOf<typeof fieldFormQuery>;

export interface FieldFormFilters {
  kind?: FieldFormKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
  businessId?: number | undefined;
  terminal?: number | undefined;
  stateCode?: string | undefined;
  simAction?: SimAction | undefined;
  simNetwork?: SimNetwork | undefined;
}

/**
 * Search: a terminal ID, serial number or SIM serial exactly (whatever the case), or the start of
 * the officer's or the merchant's name, or of any word of the officer's name.
 */
export function filterFieldForms(query: FieldFormQuery, filters: FieldFormFilters): FieldFormQuery {
  let out = query;
  if (filters.kind) out = out.where('f.kind', '=', filters.kind);
  if (filters.from) out = out.where('f.submitted_at', '>=', filters.from);
  if (filters.to) out = out.where('f.submitted_at', '<=', filters.to);
  if (filters.businessId !== undefined) out = out.where('f.business_id', '=', filters.businessId);
  if (filters.terminal !== undefined) out = out.where('f.terminal_id', '=', filters.terminal);
  if (filters.stateCode) out = out.where('f.state_code', '=', filters.stateCode);
  if (filters.simAction) out = out.where('f.sim_action', '=', filters.simAction);
  if (filters.simNetwork) out = out.where('f.sim_network', '=', filters.simNetwork);
  const search = filters.search?.trim();
  if (search) {
    const upper = search.toUpperCase();
    const prefix = lowerPrefixPattern(search);
    out = out.where((eb) =>
      eb.or([
        eb('t.terminal_id', '=', upper),
        eb('t.serial_no', '=', upper),
        eb('f.sim_serial', '=', upper),
        eb(sql<string>`lower(f.officer_name)`, 'like', prefix),
        eb(sql<string>`lower(f.officer_name)`, 'like', `% ${prefix}`),
        eb(sql<string>`lower(b.name)`, 'like', prefix),
      ]),
    );
  }
  return out;
}

export function toFieldFormRow(row: FieldFormRecord): FieldFormRow {
  return {
    id: row.id,
    kind: row.kind,
    submittedAt: isoTimestamp(row.submitted_at),
    officerName: row.officer_name,
    officerEmail: row.officer_email,
    officerPhone: row.officer_phone,
    officerRole: row.officer_role,
    businessId: row.business_id,
    businessName: row.business_name ?? null,
    terminal: row.terminal_id,
    terminalId: row.tid ?? null,
    serialNo: row.serial_no ?? null,
    stateCode: row.state_code,
    state: stateName(row.state_code),
    area: row.area,
    latitude: row.latitude,
    longitude: row.longitude,
    summary: row.summary,
    simAction: row.sim_action,
    simNetwork: row.sim_network,
    simSerial: row.sim_serial,
    photos: Number(row.photo_count ?? 0),
    visitId: row.visit_id,
  };
}

export function findFieldForm(db: Db, id: number) {
  return fieldFormQuery(db).where('f.id', '=', id).executeTakeFirst();
}

/** A form's answers in the order of its kind's questions; answers to questions no longer asked come last, under their keys. */
export async function answersOf(db: Db, id: number, kind: FieldFormKind): Promise<{ key: string; question: string; answer: string }[]> {
  const row = await db.selectFrom('field_forms').select('answers').where('id', '=', id).executeTakeFirst();
  const stored: Record<string, unknown> = row?.answers ?? {};
  const asked = FIELD_FORM_QUESTIONS[kind].map((question) => question.key);
  const keys = [...asked.filter((key) => key in stored), ...Object.keys(stored).filter((key) => !asked.includes(key))];
  return keys.map((key) => ({ key, question: fieldFormQuestion(kind, key), answer: String(stored[key] ?? '') }));
}

export function photosOf(db: Db, formId: number) {
  return db.selectFrom('field_form_photos').select(['id', 'caption', 'content_type', 'size_bytes']).where('form_id', '=', formId).orderBy('id').execute();
}

export function findPhoto(db: Db, formId: number, photoId: number) {
  return db
    .selectFrom('field_form_photos')
    .select(['id', 'form_id', 'file_key', 'content_type', 'sha256'])
    .where('form_id', '=', formId)
    .where('id', '=', photoId)
    .executeTakeFirst();
}

export async function fieldFormExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('field_forms').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A form as the app sends it (the answers as an object); for the demo data and tests. */
export type NewFieldForm = Omit<Insertable<FieldFormsTable>, 'answers'> & { answers: Record<string, string> };

export async function insertFieldForms(db: Db, forms: readonly NewFieldForm[]): Promise<number[]> {
  if (forms.length === 0) return [];
  const rows = await db
    .insertInto('field_forms')
    .values(forms.map((form) => ({ ...form, answers: JSON.stringify(form.answers) })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertFieldFormPhotos(db: Db, photos: readonly Insertable<FieldFormPhotosTable>[]): Promise<void> {
  if (photos.length === 0) return;
  await db.insertInto('field_form_photos').values(photos).execute();
}
