import { DeviceIcon } from '@/components/onboarding/device-icon';
import { Card } from '@/components/ui/card';
import { AppleWatchHelp } from './apple-watch-help';

/** My devices → Apple Watch: no connection of its own (Apple Health comes through the iOS app), only how. */
export function AppleWatchCard() {
  return (
    <Card className="h-full">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <DeviceIcon name="watch" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-neutral-900">Apple Watch</h2>
          <p className="text-sm text-neutral-600">Apple Health, through our iOS app</p>
          <p className="mt-2 text-xs text-neutral-600">Live syncing from your Apple Watch comes with our iPhone app. Until then, import your Apple Health export above: it brings all your history at once.</p>
        </div>
      </div>
      <div className="mt-4">
        <AppleWatchHelp />
      </div>
    </Card>
  );
}
