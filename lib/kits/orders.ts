import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import { Track } from '@/lib/generated/prisma/enums';
import { sendMail } from '@/lib/mail/mailer';
import type { KitAddress } from '@/lib/validation/kit-address';

// Track one's blood testing kit: the member gives the address (country-aware, lib/validation/kit-address.ts)
// and the order goes to the kit team by e-mail (KIT_ORDERS_EMAIL); posting the kit happens outside the app.
// Without KIT_ORDERS_EMAIL the order is kept as "waiting", the member is told the kit is not on its way yet,
// and the log tells the operator. A changed address before the kit is posted is sent to the team again.

export type KitOrderView = {
  status: 'waiting' | 'ordered';
  ordered_at: string | null;
  address: KitAddress;
  updated_at: string;
};

type Row = NonNullable<Awaited<ReturnType<typeof db.kitOrder.findUnique>>>;

const viewOf = (row: Row): KitOrderView => ({
  status: row.status === 'ordered' ? 'ordered' : 'waiting',
  ordered_at: row.orderedAt?.toISOString() ?? null,
  address: { full_name: row.fullName, line1: row.line1, line2: row.line2 ?? undefined, city: row.city, region: row.region ?? undefined, postal_code: row.postalCode, country: row.country },
  updated_at: row.updatedAt.toISOString(),
});

export async function kitOrder(userId: string): Promise<KitOrderView | null> {
  const row = await db.kitOrder.findUnique({ where: { userId } });
  return row ? viewOf(row) : null;
}

/** The e-mail to the kit team: who, where, and the order's reference (the member's e-mail stays out of it). */
function orderMail(row: Row, again: boolean) {
  const lines = [row.fullName, row.line1, row.line2, row.city, row.region, row.postalCode, row.country.toUpperCase()].filter(Boolean) as string[];
  const text = `${again ? 'A changed address for' : 'A new'} blood testing kit order, reference ${row.id}.\n\nPost the kit to:\n${lines.join('\n')}\n`;
  const html = `<p>${again ? 'A changed address for' : 'A new'} blood testing kit order, reference <strong>${row.id}</strong>.</p><p>Post the kit to:<br>${lines.map(escapeHtml).join('<br>')}</p>`;
  return { subject: `${again ? 'Changed address: ' : ''}blood testing kit order ${row.id}`, text, html };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** POST /api/kit-order: stores the address (one order per member) and tells the kit team. */
export async function orderKit(userId: string, address: KitAddress): Promise<KitOrderView> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { track: true } });
  if (user.track !== Track.ONE) throw new ApiError(409, 'A blood testing kit comes with track one. Choose track one to order yours.');
  const data = {
    fullName: address.full_name,
    line1: address.line1,
    line2: address.line2?.trim() || null,
    city: address.city,
    region: address.region?.trim() || null,
    postalCode: address.postal_code.trim().toUpperCase(),
    country: address.country,
  };
  const before = await db.kitOrder.findUnique({ where: { userId } });
  const row = await db.kitOrder.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  if (!env.KIT_ORDERS_EMAIL) {
    console.warn(`[kits] KIT_ORDERS_EMAIL is not set: kit order ${row.id} waits (docs/configuration.md)`);
    return viewOf(row);
  }
  try {
    await sendMail({ to: env.KIT_ORDERS_EMAIL, ...orderMail(row, before?.status === 'ordered') });
  } catch (error) {
    console.error(`[kits] telling the kit team about order ${row.id} failed (${error instanceof Error ? error.name : 'unknown error'})`);
    return viewOf(row);
  }
  return viewOf(await db.kitOrder.update({ where: { id: row.id }, data: { status: 'ordered', orderedAt: row.orderedAt ?? new Date() } }));
}

/** What the profile's kit card needs: the order, the member's track, name and country, and the country list. */
export async function kitOrderPageData(userId: string): Promise<{ trackOne: boolean; order: KitOrderView | null; defaults: { full_name: string; country: string }; countries: { value: string; label: string }[] }> {
  const [user, order, countries] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { track: true, firstName: true, lastName: true, country: true } }),
    kitOrder(userId),
    readFile(path.join(process.cwd(), 'public', 'countries.json'), 'utf8').then((text) => JSON.parse(text) as { value: string; label: string }[]),
  ]);
  return { trackOne: user.track === Track.ONE, order, defaults: { full_name: [user.firstName, user.lastName].filter(Boolean).join(' '), country: user.country ?? 'gb' }, countries };
}
