import type { Metadata } from 'next';
import { DateOfBirthForm } from '@/components/onboarding/date-of-birth-form';
import { StepShell } from '@/components/onboarding/step-shell';
import { ISO_DAY } from '@/lib/codecs';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Date of birth' };

export default async function DateOfBirthPage() {
  const user = await guardOnboardingStep('date-of-birth');
  const saved = ISO_DAY.fromNullable(user.dateOfBirth);
  return (
    <StepShell step="date-of-birth" title="When were you born?" subtitle="Your age helps us read your health markers against the right reference ranges.">
      <DateOfBirthForm saved={saved} />
    </StepShell>
  );
}
