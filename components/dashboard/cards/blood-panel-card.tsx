import { Card } from '@/components/ui/card';
import { BloodPanelDetails } from './blood-panel-details';

/** The lab partner's blood panel, with its details in a dialog. */
export function BloodPanelCard() {
  return (
    <Card title="Blood panels">
      <div className="flex h-full flex-col gap-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- an SVG: nothing for the image optimiser to do, and no image component's JavaScript */}
        <img src="/partners/blood-panel.svg" alt="" width={240} height={160} loading="lazy" decoding="async" className="h-24 w-auto self-start" />
        <p className="text-sm text-neutral-600">A men&apos;s health panel from our lab partner: testosterone, SHBG, oestradiol, thyroid, vitamin D and more.</p>
        <BloodPanelDetails />
      </div>
    </Card>
  );
}
