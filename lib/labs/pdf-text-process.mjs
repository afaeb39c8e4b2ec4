// The PDF text extraction itself, run as a child process by ./report-text.ts: the PDF's bytes arrive on
// stdin, `{"text": string | null}` leaves on stdout. A separate process so that a hostile file (millions of
// operators, a content stream that inflates to gigabytes) costs this process its time and memory, never
// the web server's; the parent kills it when it overruns either. Plain JavaScript loaded by path, so it
// runs unchanged under `next dev`, the production build and Jest.
//
// unpdf's extractText(pdf, { mergePages: true }) reads every page at once (a Promise.all over numPages)
// and has no page limit. This reads the first `maxPages` pages one after another through the same PDF.js
// calls and joins them exactly as extractText's mergePages does, so the parser sees the text it would
// have seen.
import { getDocumentProxy } from 'unpdf';

const maxPages = Number(process.argv[2]);

/** One page's text as unpdf builds it: the items in content order, a newline where PDF.js saw a line end. */
const pageText = (items) => items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');

/** unpdf's mergePages join: pages on new lines, runs of blanks to one space, at most one empty line in a row. */
const mergePages = (pages) =>
  pages
    .join('\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');

/** The text of the first `maxPages` pages; null when there is none or the file cannot be read at all. */
async function pdfText(bytes) {
  let pdf;
  try {
    // verbosity 0: errors only, so a malformed upload does not fill the server log with PDF.js warnings.
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch {
    return null;
  }
  try {
    const pages = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
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

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const text = await pdfText(new Uint8Array(Buffer.concat(chunks)));
process.stdout.write(JSON.stringify({ text }), () => process.exit(0));
