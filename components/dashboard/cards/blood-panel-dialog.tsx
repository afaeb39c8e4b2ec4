'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';
import { UPLOAD_PATH } from '@/lib/routes';

/** The blood panel's details, loaded when the member first asks for them. */
export default function BloodPanelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Blood panels"
      footer={
        <>
          <Link href={UPLOAD_PATH} className={buttonClassName({ variant: 'secondary' })}>
            Upload a blood test
          </Link>
          <Button type="button" onClick={onClose}>
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
  );
}
