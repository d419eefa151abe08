import { describe, expect, it } from 'vitest';
import { auditSubjectPath } from './auditSubjectPath';

describe('auditSubjectPath', () => {
  it.each([
    ['business', '2987', 'Sunrise Petroleum (#2987)', '/merchants/2987'],
    ['record', '55', "Kano Grains's document record #55", '/all-verification/55'],
    ['admin', '12', 'Bola Ade (#12)', '/permissions-user-by-id/12/Bola%20Ade'],
    ['department', '3', 'Operations department (#3)', '/permissions-department-by-id/3/Operations'],
    ['account', '0123456789', 'account 0123456789 (Sunrise Petroleum)', '/fixed-accounts?search=0123456789'],
    ['wallet', '9b2f…', "Sunrise Petroleum's wallet", '/pnd-accounts/9b2f%E2%80%A6'],
    ['merchant-user', 'ada@mamaput.ng', 'Ada Obi (ada@mamaput.ng)', '/merchants?search=ada%40mamaput.ng'],
    ['device', '5', "Bola Ade's Chrome on MacBook (#5)", null],
  ])('%s %s → %s', (subjectKind, subjectId, subject, path) => {
    expect(auditSubjectPath({ subjectKind, subjectId, subject })).toBe(path);
  });

  it('links nothing without a key (a bulk run, a refused creation)', () => {
    expect(auditSubjectPath({ subjectKind: 'business', subjectId: null, subject: '120 businesses' })).toBeNull();
    expect(auditSubjectPath({ subjectKind: null, subjectId: null, subject: null })).toBeNull();
  });
});
