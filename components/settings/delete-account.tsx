'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useStepUp } from '@/components/security/step-up';
import { requestJson } from '@/lib/client/api-call';
import { setAuthenticated } from '@/lib/client/auth-state';
import { LOGIN_PATH } from '@/lib/routes';

export const ACCOUNT_DELETED_PATH = `${LOGIN_PATH}?account=deleted`;

/** Settings → Delete account: SPEC's confirmation, DELETE /api/delete-account, then /login (which says it is done). */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const stepUp = useStepUp('delete your account');

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      const response = await stepUp.run(() => requestJson('/api/delete-account', { method: 'DELETE' }));
      if (response.ok || response.status === 401) {
        // Gone, or already signed out: either way there is nothing left to show here.
        setAuthenticated(false);
        window.location.assign(response.ok ? ACCOUNT_DELETED_PATH : LOGIN_PATH);
        return;
      }
      setProblem(response.code === 'step_up_required' ? 'Your account was not deleted: confirm it’s you first.' : 'Failed to delete account. Please try again later.');
    } catch {
      setProblem('An error occurred while trying to delete your account. Please try again later.');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-neutral-700">
        Deletes your profile, check-ins, device data, scans, blood tests and uploaded files, disconnects your wearables and ends your subscription at once. Download your data first if you want
        to keep it.
      </p>
      <Button type="button" variant="danger" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Modal
        open={open}
        onClose={() => (deleting ? undefined : setOpen(false))}
        title="Delete account"
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={deleting}>
              Cancel
            </Button>
            <Button type="button" variant="danger" loading={deleting} onClick={() => void remove()}>
              Delete my account
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-neutral-800">Are you sure you want to delete your account? This action cannot be undone.</p>
          {problem ? <Alert variant="error">{problem}</Alert> : null}
        </div>
      </Modal>
      {stepUp.dialog}
    </div>
  );
}
