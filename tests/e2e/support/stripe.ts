// The billing server's Stripe settings: its SDK calls and hosted checkout go to a fake peer that
// billing.spec.ts starts on this fixed port (the server's environment is fixed when it starts).
const appPort = Number(process.env.E2E_PORT ?? '3100');

export const E2E_BILLING_PORT = String(appPort + 2);
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? appPort + 98);
export const E2E_STRIPE_SECRET_KEY = 'sk_test_e2e_vitality';
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_vitality';
export const E2E_STRIPE_PRICE = 'price_e2e_monthly';
export const E2E_BILLING_DATABASE_URL = process.env.E2E_BILLING_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vt_e2e_billing';
