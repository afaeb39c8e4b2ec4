// The archive's members: a file's name and its content, read only when the ZIP reaches it.

/** One file of the archive; `stored`: written as is (already compressed), not deflated again. */
export type Member = { name: string; stored: boolean; content: AsyncIterable<Uint8Array> };

/** Text is handed to the compressor in pieces of about this many characters, not row by row. */
const BATCH_CHARS = 64 * 1024;

async function* encoded(pieces: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let batch: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
    batch.push(piece);
    size += piece.length;
    if (size >= BATCH_CHARS) {
      yield encoder.encode(batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (size > 0) yield encoder.encode(batch.join(''));
}

export const textMember = (name: string, pieces: AsyncIterable<string>): Member => ({ name, stored: false, content: encoded(pieces) });

export async function* counted<Row>(pages: AsyncIterable<Row[]>, into: { rows?: number }): AsyncGenerator<Row[]> {
  for await (const page of pages) {
    into.rows = (into.rows ?? 0) + page.length;
    yield page;
  }
}

export async function* once(text: () => string): AsyncGenerator<string> {
  yield text();
}

