// The demo account that `npm run db:seed` creates; the README prints these.
export const DEMO_EMAIL = 'demo@vitality.local';
export const DEMO_PASSWORD = 'Longevity-demo-2026';
