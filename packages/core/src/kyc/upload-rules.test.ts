import { describe, expect, it } from 'vitest';
import { formatByteSize, sniffUploadType, UPLOAD_MAX_BYTES, uploadProblem } from './upload-rules';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('what may be uploaded', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['PDF', text('%PDF-1.7'), 'application/pdf'],
    ['a Windows program', text('MZ\x90\x00\x03\x00\x00\x00'), null],
    ['HTML', text('<!doctyp'), null],
    ['SVG', text('<svg xml'), null],
    ['a PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['nothing', bytes(), null],
  ] as const)('recognises %s by its first bytes', (_what, head, type) => {
    expect(sniffUploadType(head)).toBe(type);
  });

  it('says why a file is refused: empty, too large, or not an accepted type', () => {
    const pdf = text('%PDF-1.4');
    expect(uploadProblem({ size: 10 }, pdf)).toBeNull();
    expect(uploadProblem({ size: 0 }, pdf)).toBe('The file is empty');
    expect(uploadProblem({ size: UPLOAD_MAX_BYTES + 1 }, pdf)).toBe('The file is 5 MB; the limit is 5 MB');
    expect(uploadProblem({ size: 6 * 1024 * 1024 }, pdf)).toBe('The file is 6 MB; the limit is 5 MB');
    expect(uploadProblem({ size: 10 }, text('<html>'))).toMatch(/Only JPEG, PNG and PDF/);
  });

  it('writes sizes for people', () => {
    expect([formatByteSize(512), formatByteSize(2048), formatByteSize(1_572_864)]).toEqual(['512 bytes', '2 KB', '1.5 MB']);
  });
});
