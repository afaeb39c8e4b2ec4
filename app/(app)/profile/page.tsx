import type { Metadata } from 'next';
import Link from 'next/link';
import { PageShell } from '@/components/page-shell';
import { FormList } from '@/components/profile/form-list';
import { KitOrder } from '@/components/profile/kit-order';
import { ProfileForm } from '@/components/profile/profile-form';
import { WhatITake } from '@/components/profile/what-i-take';
import { Card } from '@/components/ui/card';
import { requireUser } from '@/lib/auth/sessions';
import { kitOrderPageData } from '@/lib/kits/orders';
import { labReports, latestLabValues } from '@/lib/labs/reports';
import { listMedications } from '@/lib/medications/store';
import { latestMindset } from '@/lib/mindset/assessments';
import { dayInZone } from '@/lib/days';
import { healthHistoryComplete } from '@/lib/profile/health-history';
import { unitSystemOf } from '@/lib/profile/units-preference';
import { profilePageData } from '@/lib/profile/user-info';
import { weightUnitOf } from '@/lib/units';
import { heightText, weightText } from '@/lib/validation/profile-page';
import { DASHBOARD_PATH } from '@/lib/routes';
import { kitsOffered } from '@/lib/offers/install-offers';

export const metadata: Metadata = { title: 'My profile' };

/** SPEC §2 "Profile": the member's details in their units, what he takes, and the form list (health history, mindset, blood tests). */
export default async function ProfilePage() {
  const user = await requireUser();
  const [account, mindset, reports, latest, kit, medications] = await Promise.all([
    profilePageData(user.id),
    latestMindset(user.id),
    labReports(user.id),
    latestLabValues(user.id),
    kitOrderPageData(user.id),
    listMedications(user.id),
  ]);
  const { info } = account;
  const units = unitSystemOf(account.unitsPreference);
  const number = (value: number | string) => (typeof value === 'number' ? value : null);
  return (
    <PageShell
      title="My profile"
      back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }}
      aside={
        <p className="text-sm text-neutral-600">
          Units: {units === 'metric' ? 'Cm / Kg' : 'Ft/In / Lbs'} ·{' '}
          <Link href="/settings#units" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Change
          </Link>
        </p>
      }
    >
      <Card title="Your details">
        <ProfileForm
          units={units}
          weightUnit={weightUnitOf(units)}
          savedEmail={info.email}
          hasPassword={account.hasPassword}
          initial={{
            name: info.name,
            surname: info.surname,
            date_of_birth: info.date_of_birth,
            height: heightText(number(info.height), units),
            weight: weightText(number(info.weight), units),
            goal_weight: weightText(number(info.goal_weight), units),
            country: info.country,
            city: info.city,
            email: info.email,
            password: '',
            current_password: '',
          }}
        />
      </Card>
      <Card title="What I take" id="what-i-take">
        <WhatITake initial={medications} today={dayInZone(new Date(), user.timeZone)} />
      </Card>
      {kit.trackOne ? (
        <Card title="Your blood testing kit" id="kit">
          <KitOrder initial={kit.order} countries={kit.countries} defaults={kit.defaults} kits={kitsOffered()} />
        </Card>
      ) : null}
      <FormList healthHistoryDone={healthHistoryComplete(info)} mindset={mindset} reports={reports} latest={latest} />
    </PageShell>
  );
}
