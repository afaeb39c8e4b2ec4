import type { Metadata } from 'next';
import { connection } from 'next/server';
import { HealthGoalsForm } from '@/components/onboarding/health-goals-form';
import { StepShell } from '@/components/onboarding/step-shell';
import { voiceInputConfigured } from '@/lib/ai/transcribe';
import { guardOnboardingStep } from '@/lib/onboarding/guard';

export const metadata: Metadata = { title: 'Your health goals' };

export default async function HealthGoalsPage() {
  // Per request, so voice input follows this server's environment, not the build's.
  await connection();
  const user = await guardOnboardingStep('health-goals');
  return (
    <StepShell
      step="health-goals"
      title="What are you hoping to achieve, improve or gain insights about?"
      subtitle="In your own words: energy, sleep, strength, focus, anything. Your plan starts from here."
    >
      <HealthGoalsForm initialGoals={user.healthGoals ?? ''} voiceConfigured={voiceInputConfigured()} />
    </StepShell>
  );
}
