// The PDF text extraction itself, run as a child process by ./report-text.ts: the PDF's bytes arrive on
// stdin, `{"pages": [[text, x, y, width, height], ...][] | null}` leaves on stdout (with --serve, one file
// after another, below). A separate process
// so that a hostile file (millions of operators, a content stream that inflates to gigabytes) costs this process its time and memory, never
// the web server's; the parent kills it when it overruns either. Plain JavaScript loaded by path, so it
// runs unchanged under `next dev`, the production build and Jest.
//
// The answer is each page's text items with their positions (left edge, baseline from the page's top,
// width, height, in points), for ./layout.ts to rebuild rows and columns from. Pages are read one after
// another, the first `maxPages` only.
import { getDocumentProxy } from 'unpdf';

const maxPages = Number(process.argv[2]);

// A reader whose parent is gone (killed outright, with no chance to kill its readers) stops as well: a
// reader runs in a process group of its own, so nothing else would end it, and nobody is left to read
// its answer. Orphaned, it is handed to another parent, which is how it notices. The parent names itself
// (--parent=<pid>), since it may have gone before this process started (it starts through a shell).
const parentPid = Number(process.argv.find((argument) => argument.startsWith('--parent='))?.slice('--parent='.length)) || process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) process.exit(1);
}, 250).unref();

/** A page's text items as [text, x, y from the top, width, height], rounded to 0.1 pt. */
function placed(items, pageHeight) {
  const round = (n) => Math.round(n * 10) / 10;
  return items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const [a, b, , , x, y] = item.transform;
      // The item's font size: the transform's scale (a rotated item still has its size as the vector's length).
      const size = Math.hypot(a, b) || item.height || 0;
      return [item.str, round(x), round(pageHeight - y), round(item.width), round(item.height || size)];
    });
}

/** Every page's placed items; null when there is no text at all or the file cannot be read. */
async function pdfPages(bytes) {
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
      const [, , , top] = page.view;
      const content = await page.getTextContent();
      pages.push(placed(content.items, top));
      page.cleanup();
    }
    return pages.some((items) => items.length) ? pages : null;
  } catch {
    // A page whose content stream is broken: the document as a whole is not worth a partial reading.
    return null;
  } finally {
    await pdf.destroy();
  }
}

if (process.argv.includes('--serve')) {
  // Kept by the parent for one file after another (lib/labs/report-text.ts's pool): each file arrives as a
  // four-byte big-endian length and its bytes, each answer leaves as one line of JSON. The parent kills
  // this process if a file overruns its time or memory, and retires it after a number of files.
  let pending = Buffer.alloc(0);
  for await (const chunk of process.stdin) {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
      const length = pending.readUInt32BE(0);
      const file = new Uint8Array(pending.subarray(4, 4 + length));
      pending = pending.subarray(4 + length);
      const pages = await pdfPages(file);
      await new Promise((resolve) => process.stdout.write(`${JSON.stringify({ pages })}\n`, resolve));
    }
  }
} else {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const pages = await pdfPages(new Uint8Array(Buffer.concat(chunks)));
  process.stdout.write(JSON.stringify({ pages }), () => process.exit(0));
}
