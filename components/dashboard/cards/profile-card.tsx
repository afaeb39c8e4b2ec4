import Link from 'next/link';
import { Card } from '@/components/ui/card';
import type { BodyFigures, ProfileCompletion } from '@/lib/dashboard/contract';
import { CardLink, Ring } from '../primitives';

/** How complete the profile is, what is still missing, and the body figures. */
export function ProfileCard({ profile, body }: { profile: ProfileCompletion; body: BodyFigures }) {
  return (
    <Card title="Your profile" header={<CardLink href="/profile" label="Complete your profile">Complete</CardLink>}>
      <div className="flex items-center gap-5">
        <Ring percent={profile.percent} label={`Profile ${profile.percent}% complete`}>
          <span className="text-2xl font-semibold tracking-tight text-neutral-950" data-testid="profile-percent">{profile.percent}%</span>
        </Ring>
        <div className="text-sm text-neutral-600">
          {profile.missing.length ? (
            <>
              <p className="font-medium text-neutral-800">Still to add:</p>
              <p>{profile.missing.slice(0, 4).join(', ')}{profile.missing.length > 4 ? ` and ${profile.missing.length - 4} more` : ''}.</p>
            </>
          ) : (
            <p>Your profile is complete.</p>
          )}
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-3 border-t border-neutral-200 pt-4 text-sm" data-testid="body-figures">
        {(
          [
            ['Height', body.height, null],
            ['Weight', body.weight, body.weight_from],
            ['Goal', body.goal, null],
          ] as const
        ).map(([label, value, from]) => (
          <div key={label}>
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-semibold text-neutral-900 tabular-nums">
              {value !== null && from ? (
                <>
                  {value}
                  <span className="block text-xs font-normal text-neutral-600" data-testid="weight-from">
                    {from}
                  </span>
                </>
              ) : (
                value ?? (
                  <Link href="/profile" className="font-medium text-brand-700 underline-offset-2 hover:underline" aria-label={`Add your ${label.toLowerCase()} on your profile`}>
                    —
                  </Link>
                )
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
