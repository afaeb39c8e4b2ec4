// Read .env, .env.local, ... exactly as Next does, so scripts and the app agree on DATABASE_URL.
// Import this first: the modules after it read process.env when they load.
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== 'production', { info: () => {}, error: console.error });
