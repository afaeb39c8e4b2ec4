import 'server-only';
import { readEnv, type EnvValues } from '@/lib/config/env.js';
import { VARIABLE_NAMES, type VariableName } from '@/lib/config/variables.js';

// Every declared variable (lib/config/variables.js), read once, when the app first loads this module.
export type Env = EnvValues<VariableName>;

export const env: Env = readEnv(VARIABLE_NAMES);
