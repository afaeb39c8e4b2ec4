import type { Metadata } from 'next';
import Link from 'next/link';
import { PageShell } from '@/components/page-shell';
import { buttonClassName } from '@/components/ui/button-styles';
import { DoctorQuestionsForm } from '@/components/results/doctor-questions-form';
import { DoctorShareCard } from '@/components/results/doctor-share-card';
import { BiologicalAgeCard } from '@/components/results/biological-age-card';
import { ResultsAtAGlance } from '@/components/results/results-summary';
import { ResultsView } from '@/components/results/results-view';
import { Card } from '@/components/ui/card';
import { requireOnboardedUser } from '@/lib/onboarding/guard';
import { biologicalAge } from '@/lib/labs/biological-age';
import { resultPanels } from '@/lib/labs/results';
import { doctorQuestions } from '@/lib/reports/doctor-questions';
import { listDoctorShares } from '@/lib/reports/doctor-share';
import { UPLOAD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'Your blood results' };

/** Every confirmed blood result, by panel, marker by marker over time, each with its range, flag and report. */
export default async function MyResultsPage() {
  const user = await requireOnboardedUser();
  const [panels, questions, bioAge, shares] = await Promise.all([resultPanels(user.id), doctorQuestions(user.id), biologicalAge(user.id), listDoctorShares(user.id)]);
  return (
    <PageShell
      title="Your blood results"
      back={{ href: '/profile', label: 'Back to profile' }}
      width="wide"
      intro="Every value you confirmed from your blood tests, newest first, against the range your lab printed, with the report it came from."
      aside={
        <div className="flex items-center gap-4">
          {panels.length ? (
            <Link href={UPLOAD_PATH} className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Upload a blood test
            </Link>
          ) : null}
          {/* A file to download, made by the server: a plain link, not a client-side navigation. */}
          <a href="/api/doctor-summary" download className={buttonClassName({ size: 'sm', variant: 'secondary' })}>
            Prepare for your doctor (PDF)
          </a>
        </div>
      }
    >
      <ResultsAtAGlance panels={panels} />
      {panels.length ? <BiologicalAgeCard bioAge={bioAge} /> : null}
      <ResultsView panels={panels} />
      <Card title="For your doctor">
        <DoctorQuestionsForm initial={questions} />
      </Card>
      <DoctorShareCard initial={shares} />
    </PageShell>
  );
}
