import { Timestamp } from '@/components/time/timestamp';

/** A card's footer: when its figures are next worked out again (a dash until they have loaded). */
export function NextRefresh({ at }: { at: string | undefined }) {
  return <p className="text-xs text-neutral-600">Next refresh: {at ? <Timestamp value={at} /> : '–'}</p>;
}
