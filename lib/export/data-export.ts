import 'server-only';
import { csvLines } from './csv';
import { CSV_FILES } from './csv-tables';
import { fhirBundleChunks } from './fhir';
import { counted, once, textMember, type Member } from './members';
import { profileJson } from './profile-json';
import { FHIR_ABOUT, PROFILE_ABOUT, readme, type Skipped, type Written } from './readme';
import { uploadMembers } from './uploads';
import { zipStream } from './zip-stream';

// "Download my data" (GDPR Art. 20): everything the app keeps about a member as one ZIP, streamed. A
// member with years of 5-minute heart rates has hundreds of thousands of rows, so nothing is gathered
// first: the ZIP is written while it is sent, each table read a page at a time (keyset pagination), and
// only when the reader asks for more (the ReadableStream's pull). Memory stays at about a page of rows
// plus the compressor's window, however long the history.
//
// The archive: profile.json, one CSV per table, fhir/bundle.json (lib/export/fhir.ts), the uploaded
// lab reports under uploads/, and README.txt, written last because it lists the row counts and any
// upload that could not be read. Never in it: the password hash, sessions, sign-in and wearable tokens,
// the device tokens' hashes, Stripe's ids.
//
// Each part has its file: csv-tables.ts, profile-json.ts, readme.ts, uploads.ts, members.ts (a file's
// content as the compressor takes it) and zip-stream.ts; this one puts them together in order.

/** The archive's files in order; each is read only when the archive reaches it. */
async function* members(userId: string, now: Date): AsyncGenerator<Member> {
  const written: Written[] = [{ name: 'profile.json', about: PROFILE_ABOUT }];
  yield textMember('profile.json', profileJson(userId, now));
  for (const csv of CSV_FILES) {
    const file: Written = { name: csv.file, about: csv.about, rows: 0 };
    written.push(file);
    yield textMember(csv.file, csvLines(csv.header, counted(csv.pages(userId), file)));
  }
  written.push({ name: 'fhir/bundle.json', about: FHIR_ABOUT });
  yield textMember('fhir/bundle.json', fhirBundleChunks(userId, now));
  const skipped: Skipped[] = [];
  let uploads = 0;
  for await (const upload of uploadMembers(userId, skipped)) {
    uploads += 1;
    yield upload;
  }
  yield textMember('README.txt', once(() => readme(now, written, uploads, skipped)));
}

/** The member's data as a ZIP (zip-stream.ts), for a route handler's `new Response(stream)`. */
export function dataExportStream(userId: string, now = new Date()): ReadableStream<Uint8Array> {
  return zipStream(members(userId, now), now);
}
