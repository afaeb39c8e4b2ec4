import { DeviceIcon } from '@/components/onboarding/device-icon';
import { Card } from '@/components/ui/card';
import { AppleWatchHelp } from './apple-watch-help';

/**
 * My devices → Apple Watch: no connection of its own (Apple Health comes through the iOS app), only how:
 * with `iosApp` (where to get it) the app and a device token; without, the import of an export.
 */
export function AppleWatchCard({ iosApp }: { iosApp: string | null }) {
  return (
    <Card className="h-full">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <DeviceIcon name="watch" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-neutral-900">Apple Watch</h2>
          <p className="text-sm text-neutral-600">Apple Health, through our iOS app</p>
          {iosApp ? (
            <p className="mt-2 text-xs text-neutral-600">
              <a href={iosApp} target="_blank" rel="noopener noreferrer" className="rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Get the iPhone app
              </a>
              , then make a device token under Companion app below and paste it into the app.
            </p>
          ) : (
            <p className="mt-2 text-xs text-neutral-600">Our iPhone app, which syncs Apple Health as you go, is not out yet. Import your Apple Health export above: it brings all your history at once.</p>
          )}
        </div>
      </div>
      <div className="mt-4">
        <AppleWatchHelp />
      </div>
    </Card>
  );
}
