// A PDF's text as a doctor's viewer would read it (unpdf, pdf.js), with its whitespace runs made single
// spaces and the Greek mu written as the micro sign, so a test can look for a sentence as it is printed.
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice(), { verbosity: 0 }), { mergePages: true });
  return text.replace(/\s+/g, ' ').replace(/\u03bc/g, '\u00b5');
}
