'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { setAuthenticated } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/api-call';
import { useHydrated } from '@/lib/client/use-hydrated';
import { LOGIN_PATH } from '@/lib/routes';

export function LogoutButton() {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  // Off until the page's script runs: a click before then would do nothing.
  const hydrated = useHydrated();

  async function logOut() {
    setPending(true);
    setFailed(false);
    try {
      const result = await postJson('/api/logout');
      if (!result.ok) throw new Error(`Logout answered ${result.status}`);
      setAuthenticated(false);
      // A full load, so no signed-in page survives in the client router's cache.
      window.location.assign(LOGIN_PATH);
    } catch {
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <div className="relative">
      <Button type="button" variant="ghost" loading={pending} disabled={!hydrated} onClick={() => void logOut()}>
        Log out
      </Button>
      {failed ? (
        <Alert variant="error" className="absolute top-full right-0 z-10 mt-2 w-80 shadow-card">
          An error occurred while logging out. Please try again.
        </Alert>
      ) : null}
    </div>
  );
}
