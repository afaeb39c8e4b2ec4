// Track one's blood testing kit (lib/kits/orders.ts): the address checked by its country's rules, stored once
// per member, and the order e-mailed to the kit team (KIT_ORDERS_EMAIL) without the member's e-mail; a changed
// address goes to the team again; another track gets a 409 and nothing stored.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { kitAddressSchema } from '@/lib/validation/kit-address';
import { createMember } from '../support/members';

const mailDir = mkdtempSync(path.join(os.tmpdir(), 'vt-kits-'));
process.env.MAIL_DIR = mailDir;
process.env.KIT_ORDERS_EMAIL = 'kits@lab-partner.example';

type Lib = { db: typeof import('@/lib/db').db; kits: typeof import('@/lib/kits/orders'); start: typeof import('@/lib/dashboard/getting-started') };
let lib: Lib;
beforeAll(async () => {
  // Loaded after the variables are set: the app reads its environment once.
  lib = { db: (await import('@/lib/db')).db, kits: await import('@/lib/kits/orders'), start: await import('@/lib/dashboard/getting-started') };
});
afterAll(async () => {
  await lib?.db.$disconnect();
  rmSync(mailDir, { recursive: true, force: true });
});

type Mail = { to: string; subject: string; text: string };
const mails = (): Mail[] =>
  readdirSync(mailDir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as Mail);

const LONDON = { full_name: 'Marcus Aurelius', line1: '10 Downing Street', city: 'London', postal_code: 'sw1a 2aa', country: 'gb' };

describe('the kit address', () => {
  it('follows the country: a US address needs a state and a ZIP code, a German one a five-digit PLZ and no region', () => {
    const problems = (input: Record<string, unknown>) => {
      const parsed = kitAddressSchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(problems(LONDON)).toEqual([]);
    expect(problems({ ...LONDON, country: 'us', postal_code: 'SW1A 2AA' })).toEqual(['region: Please enter the region.', 'postal_code: Please enter a valid postal code.']);
    expect(problems({ ...LONDON, country: 'us', region: 'CA', postal_code: '94103-1234' })).toEqual([]);
    expect(problems({ ...LONDON, country: 'de', postal_code: '1011' })).toEqual(['postal_code: Please enter a valid postal code.']);
    expect(problems({ ...LONDON, country: 'de', postal_code: '10115' })).toEqual([]);
    expect(problems({ ...LONDON, line1: '  ' })).toEqual(['line1: Please enter the first line of the address.']);
  });
});

describe('orderKit', () => {
  it('stores the address, tells the kit team, and tells them again when the address changes', async () => {
    const { id, email } = await createMember({ track: 'ONE', firstName: 'Marcus' });
    const before = mails().length;
    // Kits go out from this install: the dashboard's blood step is ordering one, done once it has gone.
    const bloodStep = async () => (await lib.start.gettingStarted(id, 0)).find((step) => step.key === 'blood');
    expect(await bloodStep()).toEqual({ key: 'blood', done: false, kit: true });
    const order = await lib.kits.orderKit(id, kitAddressSchema.parse(LONDON));
    expect(await bloodStep()).toEqual({ key: 'blood', done: true, kit: true });
    expect(order).toMatchObject({ status: 'ordered', address: { full_name: 'Marcus Aurelius', postal_code: 'SW1A 2AA', country: 'gb' } });
    expect(order.ordered_at).not.toBeNull();
    const [sent] = mails().slice(before);
    expect(sent).toMatchObject({ to: 'kits@lab-partner.example' });
    expect(sent!.text).toContain('10 Downing Street\nLondon\nSW1A 2AA\nGB');
    expect(sent!.text).not.toContain(email);

    const moved = await lib.kits.orderKit(id, kitAddressSchema.parse({ ...LONDON, line1: '11 Downing Street' }));
    expect(moved.ordered_at).toBe(order.ordered_at);
    expect(mails().slice(before).map((m) => m.subject)).toEqual([expect.stringMatching(/^blood testing kit order /), expect.stringMatching(/^Changed address: /)]);
    expect(await lib.db.kitOrder.count({ where: { userId: id } })).toBe(1);
    expect(await lib.kits.kitOrder(id)).toMatchObject({ address: { line1: '11 Downing Street' } });
  });

  it('refuses a member on track two, and stores nothing', async () => {
    const { id } = await createMember({ track: 'TWO' });
    await expect(lib.kits.orderKit(id, kitAddressSchema.parse(LONDON))).rejects.toMatchObject({ status: 409 });
    expect(await lib.db.kitOrder.count({ where: { userId: id } })).toBe(0);
  });
});
