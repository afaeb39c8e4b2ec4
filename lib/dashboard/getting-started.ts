import 'server-only';
import { db } from '@/lib/db';
import { MetricSource, Track } from '@/lib/generated/prisma/enums';
import { connectableWearables, kitsOffered, wearableChoice } from '@/lib/offers/install-offers';
import type { StartStep } from './contract';

// The dashboard's "Get started" checklist for a member's first weeks: the five things that fill the
// cards, each done once the database holds it, so the list shrinks as data arrives and goes when all is done.


/** Sources a device or a history file writes; a scan and a typed figure are steps of their own. */
const DEVICE_SOURCES = Object.values(MetricSource).filter((source) => source !== MetricSource.MANUAL && source !== MetricSource.SCAN);

/** Each step, in the order a new member is best served taking them. */
export async function gettingStarted(userId: string, profilePercent: number): Promise<StartStep[]> {
  const [day, connection, checkin, scan, result, user, kit] = await Promise.all([
    db.dailyMetric.findFirst({ where: { userId, source: { in: DEVICE_SOURCES } }, select: { day: true } }),
    db.wearableConnection.findFirst({ where: { userId, status: 'CONNECTED' }, select: { id: true } }),
    db.dailyCheckin.findFirst({ where: { userId }, select: { id: true } }),
    db.vitalScan.findFirst({ where: { userId }, select: { id: true } }),
    db.labResult.findFirst({ where: { userId }, select: { id: true } }),
    db.user.findUnique({ where: { id: userId }, select: { track: true } }),
    db.kitOrder.findUnique({ where: { userId }, select: { status: true } }),
  ]);
  // Track one starts with a kit from us: the step is done once the order has gone to the kit team (or a
  // result is in). Where kits are not sent out (KIT_ORDERS_EMAIL unset), it is the upload, as on track two.
  const trackOne = user?.track === Track.ONE && kitsOffered();
  return [
    { key: 'data', done: Boolean(day ?? connection), wearables: wearableChoice(connectableWearables()) },
    { key: 'checkin', done: Boolean(checkin) },
    { key: 'scan', done: Boolean(scan) },
    trackOne ? { key: 'blood', done: Boolean(result) || kit?.status === 'ordered', kit: true } : { key: 'blood', done: Boolean(result) },
    { key: 'profile', done: profilePercent >= 100 },
  ];
}
