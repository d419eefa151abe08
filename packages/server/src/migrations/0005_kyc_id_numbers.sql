-- KYC ID numbers compared as core's normaliseIdNumber compares them: without spaces or dashes,
-- a-z in upper case. The expression is core's idNumberNormSql('id_number'), character for
-- character (a test checks it), so a number stored as the merchant typed it ('a1234 5678')
-- matches the blacklisted 'A12345678'.

alter table kyc_records add column id_number_norm text
  generated always as (translate(id_number, E'abcdefghijklmnopqrstuvwxyz\u0009\u000a\u000b\u000c\u000d \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff-', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')) stored;

-- Is this ID blacklisted / which records carry it: (document_type, id_number_norm).
drop index kyc_records_id_number;
create index kyc_records_id_number_norm on kyc_records (document_type, id_number_norm) where id_number_norm is not null;

-- Blacklisted numbers are stored normalised; the database refuses any other.
alter table kyc_id_blacklist add constraint kyc_id_blacklist_id_number_normalised
  check (id_number = translate(id_number, E'abcdefghijklmnopqrstuvwxyz\u0009\u000a\u000b\u000c\u000d \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff-', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'));

-- Which businesses use a BVN (blacklisting one withdraws their KYC exemptions). The column
-- already holds 11 digits only, so it is its own normal form.
create index businesses_bvn on businesses (bvn) where bvn is not null;
