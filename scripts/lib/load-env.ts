// Read .env, .env.local, ... exactly as Next does, so scripts and the app agree on DATABASE_URL.
// Import this first: the modules after it read the environment when they load.
import nextEnv from '@next/env';
import { readEnv } from '../../lib/config/env.js';

nextEnv.loadEnvConfig(process.cwd(), readEnv(['NODE_ENV']).NODE_ENV !== 'production', { info: () => {}, error: console.error });
