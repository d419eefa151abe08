import { type Rgb, rgbPng } from './rgb-png';

/**
 * Specimen KYC documents for the demo data: a PNG drawn like an identity card and one-page PDFs
 * marked SPECIMEN. Generated, not shipped as binaries, so the repository holds no opaque files.
 */
export interface SpecimenDocument {
  name: string;
  contentType: 'image/png' | 'application/pdf';
  bytes: Buffer;
}

/** An identity-card-like picture: a coloured band, a photo box and grey lines where text would be. */
export function specimenCard(accent: Rgb, width = 480, height = 300): Buffer {
  const paint = (x: number, y: number): Rgb => {
    if (x < 6 || y < 6 || x >= width - 6 || y >= height - 6) return [200, 200, 200];
    if (y < 60) return accent;
    if (x >= 24 && x < 144 && y >= 84 && y < 234) return (x + y) % 16 < 8 ? [170, 170, 175] : [160, 160, 165];
    for (const [line, length] of [
      [96, 250],
      [126, 200],
      [156, 280],
      [186, 160],
      [216, 230],
    ] as const) {
      if (y >= line && y < line + 10 && x >= 170 && x < 170 + length) return [120, 120, 128];
    }
    // a diagonal SPECIMEN stripe
    return Math.abs(x - y * 1.6) < 10 ? [235, 210, 210] : [248, 248, 244];
  };
  return rgbPng(width, height, paint);
}

/** A one-page PDF with a few lines of text, every offset in its cross-reference table exact. */
export function specimenPdf(lines: readonly string[]): Buffer {
  const escapePdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 760 Td',
    ...lines.flatMap((line, i) => [i === 0 ? '' : '0 -28 Td', `(${escapePdfText(line)}) Tj`]).filter(Boolean),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The documents the demo KYC records point at, by the kind of record. */
export function specimenDocuments(): Record<'identity' | 'address' | 'corporate', SpecimenDocument[]> {
  return {
    identity: [{ name: 'identity-card-specimen.png', contentType: 'image/png', bytes: specimenCard([0, 135, 81]) }],
    address: [
      {
        name: 'utility-bill-specimen.pdf',
        contentType: 'application/pdf',
        bytes: specimenPdf([
          'SPECIMEN - demo data, not a real bill',
          'Electricity distribution company',
          'Service address as on the KYC record',
          'Billing period: last month',
        ]),
      },
    ],
    corporate: [
      {
        name: 'cac-certificate-specimen.pdf',
        contentType: 'application/pdf',
        bytes: specimenPdf(['SPECIMEN - demo data', 'Corporate Affairs Commission', 'Certificate of Incorporation', 'RC number as on the KYC record']),
      },
      { name: 'cac-status-report-specimen.png', contentType: 'image/png', bytes: specimenCard([30, 64, 175]) },
    ],
  };
}
