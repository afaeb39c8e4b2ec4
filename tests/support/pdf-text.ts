// A PDF's text as a doctor's viewer would read it (unpdf, pdf.js), with its whitespace runs made single
// spaces and the Greek mu written as the micro sign, so a test can look for a sentence as it is printed.
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice(), { verbosity: 0 }), { mergePages: true });
  return text.replace(/\s+/g, ' ').replace(/\u03bc/g, '\u00b5');
}

/** Every piece of text pdf.js finds, with where it starts and how wide it is, and its page's width (points). */
export async function pdfTextItems(bytes: Uint8Array): Promise<{ str: string; x: number; width: number; pageWidth: number }[]> {
  const document = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  const items: { str: string; x: number; width: number; pageWidth: number }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , pageWidth] = page.view as [number, number, number, number];
    for (const item of (await page.getTextContent()).items) {
      if ('str' in item && item.str.trim()) items.push({ str: item.str, x: item.transform[4] as number, width: item.width, pageWidth });
    }
  }
  return items;
}
