// @ts-check
// The one module that touches the environment (tests/unit/configuration.test.ts holds every other file to
// it). It parses what ./variables.js declares, when asked: lib/env.ts once, when the app first loads it;
// the proxy on each request; server.mjs and the scripts when they start or need a value.
import { VARIABLES } from './variables.js';

/** @typedef {import('./variables.js').Variables} Variables */
/** @typedef {import('./variables.js').VariableName} VariableName */
/** @typedef {Record<string, string | undefined>} Environment */
/**
 * The parsed values of the variables named K.
 * @template {VariableName} K
 * @typedef {{ [P in K]: import('zod').output<Variables[P]['schema']> }} EnvValues
 */

/**
 * Parses the variables `names` out of `source`. Throws one line naming every refused variable, never
 * its value (it may be a secret).
 * @template {VariableName} K
 * @param {Environment} source
 * @param {readonly K[]} names
 * @returns {EnvValues<K>}
 */
export function parseEnv(source, names) {
  /** @type {Record<string, unknown>} */
  const values = {};
  const refused = [];
  for (const name of names) {
    const declared = VARIABLES[name];
    const result = declared.schema.safeParse(source[name] ?? (declared.orElse && source[declared.orElse]));
    if (result.success) values[name] = result.data;
    else refused.push(declared.hint ? `${name} (${declared.hint})` : name);
  }
  if (refused.length) throw new Error(`Invalid environment variables: ${refused.join(', ')}`);
  return /** @type {EnvValues<K>} */ (values);
}

/**
 * Reads and parses the variables `names` from the environment as it is now.
 * @template {VariableName} K
 * @param {readonly K[]} names
 * @returns {EnvValues<K>}
 */
export function readEnv(names) {
  /** @type {Environment} */
  const source = {};
  for (const name of names) {
    source[name] = process.env[name];
    const { orElse } = VARIABLES[name];
    if (orElse) source[orElse] = process.env[orElse];
  }
  // Spelled out: bundlers put the build's mode in its place, as Next does wherever the app reads it.
  if (names.some((name) => name === 'NODE_ENV')) source.NODE_ENV = process.env.NODE_ENV;
  return parseEnv(source, names);
}

/** The whole environment, unchecked, for a child process to inherit along with what the caller adds. */
export function inheritedEnvironment() {
  return { ...process.env };
}

/**
 * next-auth v4 takes its origin from NEXTAUTH_URL alone (next-auth/utils/detect-origin.js reads it on each
 * request; AuthOptions has no field for it), so the app's URL is handed over there unless the operator set
 * one. The app's one write to the environment.
 * @param {string} appUrl
 */
export function lendNextAuthUrl(appUrl) {
  process.env.NEXTAUTH_URL ??= appUrl;
}
