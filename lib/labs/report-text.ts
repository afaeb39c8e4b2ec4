import { getDocumentProxy } from 'unpdf';

// The text layer of an uploaded lab report, for parseLabReport (./parse-report.ts).
//
// unpdf's extractText(pdf, { mergePages: true }) reads every page at once (a Promise.all over numPages)
// and has no page limit, so a 5,000-page upload would keep the server busy for as long as it takes.
// This reads the first MAX_PAGES pages one after another through the same PDF.js calls and joins them
// exactly as extractText's mergePages does, so the parser sees the text it would have seen.

/** Lab reports run to a few pages; anything past this is not read. */
export const MAX_PAGES = 20;

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type TextContentItem = Awaited<ReturnType<PdfPage['getTextContent']>>['items'][number];

/** One page's text as unpdf builds it: the items in content order, a newline where PDF.js saw a line end. */
const pageText = (items: readonly TextContentItem[]): string =>
  items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');

/** unpdf's mergePages join: pages on new lines, runs of blanks to one space, at most one empty line in a row. */
const mergePages = (pages: readonly string[]): string =>
  pages
    .join('\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');

/**
 * The text of a PDF's first MAX_PAGES pages; null when it has none (a scan: only images or drawings)
 * or cannot be read at all (not a PDF, corrupt, or encrypted with a password).
 */
export async function pdfText(bytes: Uint8Array): Promise<string | null> {
  let pdf: PdfDocument;
  try {
    // A copy: PDF.js may take over (detach) the buffer it is given, and the caller may still want its bytes.
    // verbosity 0: errors only, so a malformed upload does not fill the server log with PDF.js warnings.
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch {
    return null;
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items));
      page.cleanup();
    }
    const text = mergePages(pages);
    return text.trim() === '' ? null : text;
  } catch {
    // A page whose content stream is broken: the document as a whole is not worth a partial reading.
    return null;
  } finally {
    await pdf.destroy();
  }
}
