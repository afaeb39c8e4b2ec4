import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import type { VitalsResponse } from '@/lib/dashboard/contract';
import { formatDateGB } from '@/lib/format';
import { HeartRateChart, StressChart } from '../charts';
import { Dash, WeekSection, weekLabels } from '../primitives';

/** Which heart rate the week's figures are (not the resting rate /insights charts, unless said). */
const HEART_RATE_KIND = { all_day: 'all-day average', resting: 'resting', scan: 'camera scan', mixed: 'all-day average where measured, else resting' } as const;

/** Heart rate and stress this week and last, and the latest blood pressure with the next test. */
export function VitalSignsCard({ vitals: v }: { vitals: VitalsResponse }) {
  const canTest = v.bp_next_in_days === 0;
  const sourceWords = { scan: 'camera scan', cuff: 'cuff reading', device: 'connected device', checkin: 'weekly check-in' } as const;
  return (
    <Card title="Vital signs" className="col-span-3">
      <div className="grid grid-cols-3 divide-x divide-neutral-100">
        <WeekSection
          title="Heart rate"
          className="pr-6"
          thisWeek={v.heart_rate_today}
          lastWeek={v.heart_rate_yesterday}
          unit="bpm"
          testId="hr"
          days={weekLabels(v.heart_rate_history).map((label, i) => ({ label, value: v.heart_rate_history[i]!.rate }))}
          chart={(days) => (
            <div className="mt-3 h-[150px]">
              <HeartRateChart days={days} />
            </div>
          )}
          missing="Your heart rate appears here from your imported history, a connected device or your weekly scan."
          from={v.heart_rate_from}
          note={v.heart_rate_kind ? HEART_RATE_KIND[v.heart_rate_kind] : null}
        />
        <WeekSection
          title="Stress"
          className="px-6"
          thisWeek={v.stress_today}
          lastWeek={v.stress_yesterday}
          unit=""
          testId="stress"
          days={weekLabels(v.stress_history).map((label, i) => ({ label, value: v.stress_history[i]!.value }))}
          chart={(days) => (
            <div className="mt-3 h-[100px]">
              <StressChart days={days} />
            </div>
          )}
          missing="Your stress appears here from a device that measures it, such as Oura, Whoop or Garmin."
          from={v.stress_from}
        />
        <section aria-label="Blood pressure" className="pl-6">
          <h3 className="text-sm font-semibold text-neutral-800">Blood pressure</h3>
          <p className="mt-3 text-xl font-semibold tracking-tight text-neutral-950 tabular-nums" data-testid="blood-pressure">
            {v.bp_systolic !== null && v.bp_diastolic !== null ? (
              <>
                {v.bp_systolic}/{v.bp_diastolic}
                <span className="ml-1 text-sm font-medium text-neutral-600">mmHg</span>
              </>
            ) : (
              <Dash />
            )}
          </p>
          <p className="mt-1 text-xs text-neutral-600">
            {v.bp_source && v.bp_measured_at
              ? `From your ${v.bp_source === 'device' && v.bp_device ? v.bp_device : sourceWords[v.bp_source]}, ${formatDateGB(v.bp_measured_at)}.`
              : 'Take the weekly scan or connect a blood-pressure monitor.'}
          </p>
          <div className="mt-4 flex items-center gap-3">
            {canTest ? (
              <Link href="/weekly_checkin" prefetch={false} className={buttonClassName({ size: 'sm' })}>
                Test now
              </Link>
            ) : (
              <span aria-disabled="true" className={buttonClassName({ size: 'sm', className: 'pointer-events-none' })}>
                Test now
              </span>
            )}
            <p className="text-xs text-neutral-600" data-testid="bp-next">
              {canTest ? 'This week’s check-in is open.' : `Next test in ${v.bp_next_in_days} ${v.bp_next_in_days === 1 ? 'day' : 'days'}.`}
            </p>
          </div>
        </section>
      </div>
    </Card>
  );
}
