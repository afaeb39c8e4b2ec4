import { readFileSync } from 'node:fs';
import { readImageText } from '../lib/labs/report-text';
import { parseLabReport } from '../lib/labs/parse-report';
const t = Date.now();
const r = await readImageText(new Uint8Array(readFileSync(process.argv[2])), process.argv[3] as 'pdf' | 'image');
console.log(Date.now() - t, 'ms');
if (r.readable && r.text) { const lines = r.text.split('\n'); for (const l of lines) if (new RegExp(process.argv[4], 'i').test(l)) console.log(JSON.stringify(l)); console.log(parseLabReport(r.text, { ocr: true }).markers.map((m) => `${m.marker}=${m.value}`).join(' ')); }
