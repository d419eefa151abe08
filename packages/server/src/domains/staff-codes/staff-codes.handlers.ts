import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  ApiError,
  alreadyInState,
  badRequest,
  conflict,
  createStaffCode,
  deleteStaffCode,
  formatByteSize,
  getStaffPhoto,
  listStaffCodes,
  NOT_A_STAFF_CODE_MESSAGE,
  notFound,
  setStaffCodeStatus,
  sniffUploadType,
  STAFF_CODE_STATUS_WORDS,
  STAFF_LOOKUP_WINDOW_SECONDS,
  STAFF_LOOKUPS_PER_ADDRESS,
  STAFF_PHOTO_MAX_BYTES,
  UPLOAD_SNIFF_BYTES,
  verifyStaffCode,
} from '@traction/core';
import { isUniqueViolation } from '../../db/unique-violation';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { guardPublicRequest } from '../../handling/public-guard';
import {
  activeCodeOfEmail,
  activeStaffByCode,
  codeTaken,
  deleteStaffCodeRow,
  filterStaffCodes,
  findStaffCode,
  insertStaffCode,
  lockStaffCode,
  photoOf,
  signUpCounts,
  staffCodeQuery,
  toStaffCodeRow,
  writeStaffCodeStatus,
} from './staff-codes.repository';

type PhotoType = 'image/jpeg' | 'image/png';

/** Letters and digits nobody misreads on a card or over the phone: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Made codes: TR and six more characters (8 in all), inside the 6-to-10 format. */
const MADE_CODE_PREFIX = 'TR';
const MADE_CODE_LENGTH = 8;

const madeCode = () =>
  MADE_CODE_PREFIX + Array.from({ length: MADE_CODE_LENGTH - MADE_CODE_PREFIX.length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A made code no other code has (31^6, about 900 million, of them: a clash is rare, and retried). */
async function unusedCode(ctx: HandlerContext): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = madeCode();
    if (!(await codeTaken(ctx.db, code))) return code;
  }
  throw new Error('no unused staff code found in 10 attempts');
}

const codeTakenError = (code: string) =>
  conflict(`The code ${code} is already in use (codes are unique whatever their case): choose another, or leave it empty to have one made`, {
    reason: 'code_taken',
    fields: [{ field: 'code', message: 'is already in use' }],
  });

const emailHoldsCode = (email: string, code: string) =>
  conflict(`${email} already holds the active code ${code}: a staff member holds one active code. Deactivate that one first.`, {
    reason: 'email_has_code',
    fields: [{ field: 'email', message: `already holds the active code ${code}` }],
  });

/** A staff photo's bytes and type, checked as KYC uploads are (size, then the type its content shows), but only photos and at most 1 MB. */
async function checkedPhoto(file: Blob): Promise<{ bytes: Uint8Array; contentType: PhotoType; sha256: string }> {
  if (file.size > STAFF_PHOTO_MAX_BYTES) {
    throw new ApiError(413, `The photo is ${formatByteSize(file.size)}; the limit is ${formatByteSize(STAFF_PHOTO_MAX_BYTES)}`, {
      fields: [{ field: 'photo', message: `must be at most ${formatByteSize(STAFF_PHOTO_MAX_BYTES)}` }],
    });
  }
  if (file.size === 0) throw badRequest('The photo is empty', [{ field: 'photo', message: 'is empty' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') {
    throw new ApiError(415, 'The photo must be a JPEG or PNG picture; this file is not one (its content was checked, not its name)', {
      fields: [{ field: 'photo', message: 'must be a JPEG or PNG picture' }],
    });
  }
  return { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Turns a code or email taken by a concurrent request into the same 409 as one taken before. */
async function withUniqueCode<T>(code: string, email: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'staff_codes_code')) throw codeTakenError(code);
    if (isUniqueViolation(error, 'staff_codes_active_email')) throw emailHoldsCode(email, 'another code');
    throw error;
  }
}

export const listStaffCodesHandler = implementList(listStaffCodes, ({ input, ctx }) => ({
  query: filterStaffCodes(staffCodeQuery(ctx.db), input),
  cursor: { column: 's.id', key: 'id', direction: 'desc' },
  map: toStaffCodeRow,
}));

/**
 * A new code: the one asked for, or one made; refused (409) when the code is in use or the staff
 * member already holds an active code. The photo's bytes go to the file store last, and are
 * deleted again should the command fail after.
 */
export const createStaffCodeHandler = implement(createStaffCode, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const code = input.code ?? (await unusedCode(ctx));
  if (input.code && (await codeTaken(ctx.db, code))) throw codeTakenError(code);
  const held = await activeCodeOfEmail(ctx.db, input.email);
  if (held) throw emailHoldsCode(input.email, held.code);
  const photo = input.photo ? await checkedPhoto(input.photo) : null;
  const photoKey = photo ? randomBytes(32).toString('hex') : null;
  const id = await withUniqueCode(code, input.email, () =>
    insertStaffCode(ctx.db, {
      code,
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      photo_key: photoKey,
      photo_type: photo?.contentType ?? null,
      photo_size: photo?.bytes.byteLength ?? null,
      photo_sha256: photo?.sha256 ?? null,
      created_by: actor.id,
      created_at: ctx.now,
    }),
  );
  if (photo && photoKey) {
    ctx.afterRollback(() => ctx.deps.providers.files.delete(photoKey));
    await ctx.deps.providers.files.put(photoKey, photo.bytes);
  }
  const staffCode = toStaffCodeRow((await findStaffCode(ctx.db, id))!);
  return {
    staffCode,
    message: `Staff code ${code} created for ${input.name} (${input.role})${photo ? '' : ', without a photo'}: merchants can sign up with it, and the public portal vouches for it.`,
  };
});

export const setStaffCodeStatusHandler = implement(setStaffCodeStatus, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockStaffCode(ctx.db, input.id);
  if (!locked) throw notFound(`Staff code ${input.id} does not exist`);
  if (locked.status === input.status) throw alreadyInState(`Staff code ${locked.code} is already ${STAFF_CODE_STATUS_WORDS[input.status].toLowerCase()}`);
  if (input.status === 'ACTIVE') {
    const held = await activeCodeOfEmail(ctx.db, locked.email, locked.id);
    if (held) throw emailHoldsCode(locked.email, held.code);
  }
  await withUniqueCode(locked.code, locked.email, () =>
    writeStaffCodeStatus(ctx.db, locked.id, { status: input.status, reason: input.reason, adminId: actor.id, at: ctx.now }),
  );
  const staffCode = toStaffCodeRow((await findStaffCode(ctx.db, locked.id))!);
  return {
    staffCode,
    message:
      input.status === 'ACTIVE'
        ? `Staff code ${locked.code} (${locked.name}) is active again: the public portal vouches for it and merchants can sign up with it.`
        : `Staff code ${locked.code} (${locked.name}) deactivated: the public portal no longer vouches for it and no new merchant can sign up with it. The ${staffCode.signUps === 1 ? 'merchant who' : `${staffCode.signUps} merchants who`} signed up with it keep their link.`,
  };
});

/** A code with sign-ups is never deleted (409: deactivate it instead); otherwise the row goes, and its photo once that is committed. */
export const deleteStaffCodeHandler = implement(deleteStaffCode, async ({ input, ctx }) => {
  const locked = await lockStaffCode(ctx.db, input.id);
  if (!locked) throw notFound(`Staff code ${input.id} does not exist`);
  const signUps = (await signUpCounts(ctx.db, [locked.id])).get(locked.id) ?? 0;
  if (signUps > 0) {
    throw conflict(
      `Staff code ${locked.code} cannot be deleted: ${signUps === 1 ? 'a merchant' : `${signUps} merchants`} signed up with it, and would lose who referred them. Deactivate it instead.`,
      { reason: 'has_sign_ups', signUps },
    );
  }
  await deleteStaffCodeRow(ctx.db, locked.id);
  const photoKey = locked.photo_key;
  if (photoKey) ctx.afterCommit(() => ctx.deps.providers.files.delete(photoKey));
  return { ok: true as const, message: `Staff code ${locked.code} (${locked.name}) deleted.` };
});

/** A photo's bytes from the file store, checked again on the way out; null when missing or no longer what was recorded. */
async function storedPhoto(ctx: HandlerContext, key: string, recorded: string | null): Promise<{ bytes: Uint8Array; contentType: PhotoType } | null> {
  const bytes = await ctx.deps.providers.files.get(key);
  if (!bytes) {
    ctx.deps.logger.error({ requestId: ctx.request.id }, 'a staff code names a photo the file store does not have');
    return null;
  }
  const contentType = sniffUploadType(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
  if ((contentType !== 'image/jpeg' && contentType !== 'image/png') || contentType !== recorded) {
    ctx.deps.logger.error({ requestId: ctx.request.id }, 'a staff photo does not match its recorded type; not served');
    return null;
  }
  return { bytes, contentType };
}

export const getStaffPhotoHandler = implement(getStaffPhoto, async ({ input, ctx }) => {
  const row = await photoOf(ctx.db, input.id);
  if (!row) throw notFound(`Staff code ${input.id} does not exist`);
  if (!row.photo_key) throw notFound(`Staff code ${row.code} has no photo`);
  const photo = await storedPhoto(ctx, row.photo_key, row.photo_type);
  if (!photo) throw notFound(`The photo of staff code ${row.code} cannot be served`);
  const extension = photo.contentType === 'image/png' ? 'png' : 'jpg';
  return {
    fileName: `staff-${row.code.toLowerCase()}.${extension}`,
    contentType: photo.contentType,
    sizeBytes: photo.bytes.byteLength,
    disposition: 'inline' as const,
    body: photo.bytes,
  };
});

/**
 * The public staff verification portal. Every lookup counts against its address first (the
 * lookup is not transactional, so a 404 is counted too: guessing codes runs into the limit). An
 * active code answers the name, role and photo (as a data URL, so the photo is served only with
 * an active code's answer); an unknown and a deactivated code answer the same 404.
 */
export const verifyStaffCodeHandler = implement(verifyStaffCode, async ({ input, ctx }) => {
  await guardPublicRequest(ctx, { name: 'staff-lookup', max: STAFF_LOOKUPS_PER_ADDRESS, perSeconds: STAFF_LOOKUP_WINDOW_SECONDS });
  const staff = await activeStaffByCode(ctx.db, input.code);
  if (!staff) throw notFound(NOT_A_STAFF_CODE_MESSAGE);
  const photo = staff.photo_key ? await storedPhoto(ctx, staff.photo_key, staff.photo_type) : null;
  return {
    name: staff.name,
    role: staff.role,
    photo: photo ? `data:${photo.contentType};base64,${Buffer.from(photo.bytes).toString('base64')}` : null,
    message: `${staff.name} is a current Traction staff member (${staff.role}). Check that the person in front of you is the one in the photo.`,
  };
});
