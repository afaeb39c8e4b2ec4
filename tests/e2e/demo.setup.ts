import { expect, test as setup } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import { appHeaders } from './support/client-address';
import { demoStatePath, E2E_WORKERS } from './support/demo-state';

// One demo session per worker, signed in through the real POST /api/login, saved as storage state.
for (let index = 0; index < E2E_WORKERS; index++) {
  setup(`sign the demo in for worker ${index}`, async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post('/api/login', {
      data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      headers: appHeaders(baseURL!, `198.19.255.${index + 1}`),
    });
    expect(response.status(), await response.text()).toBe(200);
    await request.storageState({ path: demoStatePath(index) });
    await request.dispose();
  });
}
