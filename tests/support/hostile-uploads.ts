import { readdirSync } from 'node:fs';
import { expect } from '@jest/globals';
import { db } from '@/lib/db';
import { UNREADABLE_MESSAGE } from '@/lib/labs/upload-messages';
import type { AppServer, registerUser } from '../setup/app-server';

// What the hostile-PDF upload tests share: a member's PDF upload to the production build, and the
// answer every hostile reading must end in.

export type Member = Awaited<ReturnType<typeof registerUser>>;
const cookieOf = (member: Member) => [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');

export type UploadAnswer = { status: number; json: Record<string, unknown> };

/** POST /api/upload-lab-report with `bytes` as a PDF named `name`, as `member`. */
export async function uploadPdf(app: AppServer, member: Member, bytes: Uint8Array, name: string): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
  const response = await fetch(`${app.url}/api/upload-lab-report`, {
    method: 'POST',
    headers: { origin: app.url, 'x-forwarded-for': '203.0.113.78', cookie: cookieOf(member) },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The upload's answer must be manual entry, with the report's row and its file (`bytes`) kept in `uploadsDir`. */
export async function expectManualEntry(member: Member, name: string, bytes: Uint8Array, uploadsDir: string, answer: UploadAnswer) {
  expect(answer.status).toBe(201);
  expect(answer.json).toMatchObject({ message: UNREADABLE_MESSAGE, kind: 'pdf', file_name: name, text_found: false, collected_on: null, markers: [] });
  const row = await db.labReport.findUniqueOrThrow({ where: { id: answer.json.report_id as string } });
  expect({ userId: row.userId, sizeBytes: row.sizeBytes }).toEqual({ userId: member.userId, sizeBytes: bytes.byteLength });
  expect(readdirSync(uploadsDir)).toContain(row.storageKey);
}
