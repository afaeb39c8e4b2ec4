import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';

// PDFs built to hurt a text extractor, written byte by byte (pdf-lib would not write them this small):
//
//   operator-flood  four pages sharing one content stream of two million `Tj` text-show operators, each
//                   after a font-size change, Flate-compressed to about 100 KB; PDF.js spends seconds on
//                   each page turning them into text items (about 8 s a page on a fast core).
//   bomb            one page whose content stream is a gigabyte of zeros, compressed to about a megabyte;
//                   PDF.js inflates the whole stream into one ArrayBuffer before it reads an operator.
//   shared-bomb     eight pages that all point at that one gigabyte stream, so each page inflates it again.

export type HostilePdfKind = 'operator-flood' | 'bomb' | 'shared-bomb';

/** Pairs of text-show operators, each after its own font-size change so that PDF.js makes a text item of each. */
const FLOOD_PAIRS = 1_000_000;
const BOMB_BYTES = 1024 * 1024 * 1024;
const FLOOD_PAGES = 4;
const SHARED_BOMB_PAGES = 8;

/** A whole PDF: catalogue, page tree, `pages` pages sharing one font and one content stream, and a correct xref table. */
function pdfWithSharedContent(pages: number, compressed: Uint8Array, decodedLength: number): Uint8Array {
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  const objects: (string | Uint8Array)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    [`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    // /DL: the decoded length, as a real writer may state it (PDF.js does not use it as a limit).
    [`<< /Length ${compressed.byteLength} /Filter /FlateDecode /DL ${decodedLength} >>\nstream\n`, compressed, '\nendstream'],
    ...pageIds.map(() => ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>']),
  ];
  const parts: Uint8Array[] = [];
  let offset = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    offset += bytes.byteLength;
  };
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    write(`${index + 1} 0 obj\n`);
    body.forEach(write);
    write('\nendobj\n');
  });
  const xref = offset;
  write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

function operatorFlood(): Uint8Array {
  const content = Buffer.from(`BT /F1 12 Tf 72 720 Td\n${'/F1 9 Tf (x) Tj /F1 10 Tf (y) Tj\n'.repeat(FLOOD_PAIRS)}ET\n`, 'latin1');
  return pdfWithSharedContent(FLOOD_PAGES, deflateSync(content, { level: 9 }), content.byteLength);
}

/** A gigabyte of zeros through zlib in 16 MB writes, so the gigabyte never sits in this process's memory. */
async function zerosDeflated(): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  for (let written = 0; written < BOMB_BYTES; written += chunk.byteLength) {
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

let zeros: Promise<Uint8Array> | undefined;

/** The hostile PDF of `kind`; the compressed gigabyte is made once per process. */
export async function hostilePdf(kind: HostilePdfKind): Promise<Uint8Array> {
  if (kind === 'operator-flood') return operatorFlood();
  zeros ??= zerosDeflated();
  return pdfWithSharedContent(kind === 'bomb' ? 1 : SHARED_BOMB_PAGES, await zeros, BOMB_BYTES);
}
