import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { DEMO_EMAIL } from '@/lib/demo/account';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { sourceName } from './source-names';

// Where a member's daily figures come from, for /my_devices: every source that has given at least one
// day, with the days it covers. The demo account's figures are made up for the demonstration, as if from
// a ring and a scale, and the page says so rather than letting it look as if a device were connected.

export type DataSource = {
  source: MetricSource;
  /** "Oura", "Withings", "your own entry" … */
  name: string;
  days: number;
  /** YYYY-MM-DD. */
  first: string;
  last: string;
};

export type DataSources = { sources: DataSource[]; demonstration: boolean };

/** Most days first; a source with no day of data is not listed. */
export async function dataSources(userId: string): Promise<DataSources> {
  const [groups, user] = await Promise.all([
    db.dailyMetric.groupBy({ by: ['source'], where: { userId }, _count: { _all: true }, _min: { day: true }, _max: { day: true } }),
    db.user.findUnique({ where: { id: userId }, select: { email: true } }),
  ]);
  const sources = groups
    .filter((group) => group._min.day && group._max.day)
    .map((group) => ({ source: group.source, name: sourceName(group.source), days: group._count._all, first: ISO_DAY.fromDate(group._min.day!), last: ISO_DAY.fromDate(group._max.day!) }))
    .sort((a, b) => b.days - a.days || a.name.localeCompare(b.name));
  return { sources, demonstration: user?.email === DEMO_EMAIL };
}
