'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';

/** The lab partner's blood panel, with its details in a dialog. */
export function BloodPanelCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title="Blood panels">
      <div className="flex h-full flex-col gap-3">
        <Image src="/partners/blood-panel.svg" alt="" width={240} height={160} className="h-24 w-auto self-start" />
        <p className="text-sm text-neutral-600">A men&apos;s health panel from our lab partner: testosterone, SHBG, oestradiol, thyroid, vitamin D and more.</p>
        <Button type="button" variant="secondary" size="sm" className="mt-auto self-start" onClick={() => setOpen(true)}>
          Find out more
        </Button>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Blood panels"
        footer={
          <>
            <Link href="/profile" className={buttonClassName({ variant: 'secondary' })}>
              Upload a blood test
            </Link>
            <Button type="button" onClick={() => setOpen(false)}>
              Close
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm text-neutral-700">
          <p>Track one posts you an at-home kit: a finger-prick sample taken in the morning, returned in a prepaid envelope, with results in your profile within a few days.</p>
          <p>Already have a recent result? Upload the lab report (a PDF is read for you to check) from your profile, and your T-Results chart and T-Score use it.</p>
          <p>The panel covers total and free testosterone, SHBG, oestradiol, LH, FSH, prolactin, PSA, haematocrit, vitamin D, HbA1c, lipids and TSH.</p>
        </div>
      </Modal>
    </Card>
  );
}
