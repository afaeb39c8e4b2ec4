// Without KIT_ORDERS_EMAIL a kit order is kept as waiting: nobody is told, so the member is not told the kit
// is on its way (the profile says it is not yet), and no e-mail is written.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { kitAddressSchema } from '@/lib/validation/kit-address';
import { createMember } from '../support/members';

const mailDir = mkdtempSync(path.join(os.tmpdir(), 'vt-kits-unset-'));
process.env.MAIL_DIR = mailDir;
delete process.env.KIT_ORDERS_EMAIL;

type Lib = { db: typeof import('@/lib/db').db; kits: typeof import('@/lib/kits/orders'); start: typeof import('@/lib/dashboard/getting-started') };
let lib: Lib;
beforeAll(async () => {
  lib = { db: (await import('@/lib/db')).db, kits: await import('@/lib/kits/orders'), start: await import('@/lib/dashboard/getting-started') };
});
afterAll(async () => {
  await lib?.db.$disconnect();
  rmSync(mailDir, { recursive: true, force: true });
});

it('keeps the order waiting and writes no e-mail', async () => {
  const { id } = await createMember({ track: 'ONE' });
  const order = await lib.kits.orderKit(id, kitAddressSchema.parse({ full_name: 'Max Muster', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'de' }));
  expect(order).toMatchObject({ status: 'waiting', ordered_at: null });
  expect(await lib.db.kitOrder.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({ status: 'waiting', postalCode: '10117', region: null });
  expect(readdirSync(mailDir)).toEqual([]);
});

it('leaves track one’s blood step to the upload of a report, not done by a waiting order', async () => {
  const { id } = await createMember({ track: 'ONE' });
  await lib.kits.orderKit(id, kitAddressSchema.parse({ full_name: 'Max Muster', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'de' }));
  expect((await lib.start.gettingStarted(id, 0)).find((step) => step.key === 'blood')).toEqual({ key: 'blood', done: false });
});
