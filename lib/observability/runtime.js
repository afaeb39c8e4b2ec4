// @ts-check
// What server.mjs, the app's bundled code and the job process share within one process: the JSON logger,
// the request (or job) being handled, and the metrics registry. JavaScript, so that server.mjs (which node
// runs as it is) imports it; the app's bundle holds a second copy of this module, so each piece lives on
// globalThis under a Symbol.for key and both copies find the same one. pino and prom-client stay outside
// the bundle (next.config.mjs serverExternalPackages) for the same reason.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { format } from 'node:util';
import pino from 'pino';
import promClient from 'prom-client';
import { readEnv } from '../config/env.js';

/**
 * @typedef {{ requestId: string, proxyRequestId?: string, memberId?: string }} RequestContext
 * The request (or job) being handled: its id, and whose it is once a session or a job says so.
 */

const shared = /** @type {Record<symbol, any>} */ (/** @type {unknown} */ (globalThis));
const LOGGER = Symbol.for('vitality.logger');
const CONTEXTS = Symbol.for('vitality.request-contexts');

// Keys that never go into a line whatever a caller passes (a belt to the braces of logging only ids).
const REDACT = ['password', 'token', 'accessToken', 'refreshToken', 'email', 'authorization', 'cookie', '*.password', '*.token', '*.email', '*.authorization', '*.cookie'];

/**
 * This process's logger: one JSON line per event on stdout, written as it happens (synchronously, like
 * console's), so that a line is out before the answer it tells of and none is lost when the process exits.
 * @returns {import('pino').Logger}
 */
export function logger() {
  shared[LOGGER] ??= pino({
    level: readEnv(['LOG_LEVEL']).LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT, censor: '[redacted]' },
  }, pino.destination({ fd: 1, sync: true }));
  return shared[LOGGER];
}

/** @returns {AsyncLocalStorage<RequestContext>} */
export function requestContexts() {
  shared[CONTEXTS] ??= new AsyncLocalStorage();
  return shared[CONTEXTS];
}

/**
 * A member's id as log lines and metrics carry it: the first 16 hex digits of its SHA-256, enough to
 * follow one member's requests through the logs, never the id (nor anything else about them) itself.
 * @param {string} id
 */
export const memberHash = (id) => createHash('sha256').update(`vitality-member:${id}`).digest('hex').slice(0, 16);

/**
 * Notes whose request this is (a session was read, a job names its member), for the request's log line.
 * @param {string} memberId
 */
export function noteMember(memberId) {
  const context = requestContexts().getStore();
  if (context && !context.memberId) context.memberId = memberId;
}

/** The current request's (or job's) fields for a log line: its id and its member's hash. */
export function contextFields() {
  const context = requestContexts().getStore();
  if (!context) return {};
  return { requestId: context.requestId, ...(context.proxyRequestId ? { proxyRequestId: context.proxyRequestId } : {}), ...(context.memberId ? { member: memberHash(context.memberId) } : {}) };
}

/**
 * console.log/info/warn/error as JSON lines through the logger, with the request's id when there is one,
 * so that a process's output is all JSON (Next's own messages and the app's `[area] …` lines included).
 */
export function routeConsoleToLogger() {
  const log = logger();
  /** @param {'info' | 'warn' | 'error'} level */
  const write = (level) => (/** @type {unknown[]} */ ...args) => log[level](contextFields(), format(...args));
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
}

const HTTP_DURATION = Symbol.for('vitality.http-duration');

/**
 * The latency histogram of this process's answers, by method, route (lib/observability/routes.js) and
 * status; in the default registry, which a cluster's primary sums over its processes.
 * @returns {import('prom-client').Histogram<'method' | 'route' | 'status'>}
 */
export function httpDuration() {
  shared[HTTP_DURATION] ??= new promClient.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  return shared[HTTP_DURATION];
}
