// The app's HTTP server: Next's request handler behind Node's own, so that the client's address comes
// from the socket (or from the hop the nearest trusted proxy added), never from a header the client wrote.
// Plain JavaScript on purpose: `npm start` must run without devDependencies.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import next from 'next';
import promClient from 'prom-client';
import { readEnv } from './lib/config/env.js';
import { httpDuration, logger, memberHash, requestContexts, routeConsoleToLogger } from './lib/observability/runtime.js';
import { loadRouteNames } from './lib/observability/routes.js';

/** The header the app reads the client's address from; any copy the client sent is replaced. */
export const CLIENT_ADDRESS_HEADER = 'x-vitality-client-address';
/** Each answer's id, also on its log line; a trusted proxy's own id for the request is kept. */
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * The shapes a proxy's request id is kept in: a UUID (HAProxy's %[uuid()], Envoy, most gateways) or 16 to 64
 * hex digits (nginx's $request_id is 32). Anything else a client could have chosen is dropped.
 */
const REQUEST_ID = /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{16,64})$/;

// The same flags as `next start`: -p/--port (or PORT), -H/--hostname (all interfaces when unset).
const args = process.argv.slice(2);
const flag = (short, long) => {
  const index = args.findIndex((arg) => arg === short || arg === long);
  return index === -1 ? undefined : args[index + 1];
};
const dev = args.includes('--dev');
const hostname = flag('-H', '--hostname');

/** The variables `names` (declared in lib/config/variables.js), or the refusal printed and an exit. */
function readConfig(names) {
  try {
    return readEnv(names);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
const port = Number(flag('-p', '--port') ?? readConfig(['PORT']).PORT);
const config = readConfig(['TRUSTED_PROXY_COUNT', 'WEB_CONCURRENCY', 'SHUTDOWN_GRACE_MS', 'LOG_LEVEL']);
// Production output is JSON lines (pino), Next's own messages included; `npm run dev` keeps Next's. A
// refused configuration (above) stays a plain line on stderr, for the person starting the server.
if (!dev) routeConsoleToLogger();
const trustedProxies = config.TRUSTED_PROXY_COUNT;
// WEB_CONCURRENCY: how many server processes share the port (node:cluster), one per core at most being
// sensible. 1 (the default) runs a single process; dev always does.
const concurrency = dev ? 1 : config.WEB_CONCURRENCY;

/**
 * With no trusted proxy, the socket's peer is the client. Behind N trusted proxies, each appends the
 * address it saw to X-Forwarded-For, so the N-th entry from the right is what the nearest trusted
 * proxy's outermost peer was; entries left of it were written by the client and are ignored.
 */
function clientAddress(request) {
  const socketAddress = request.socket.remoteAddress ?? 'unknown';
  if (trustedProxies === 0) return socketAddress;
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
  return hops.at(-trustedProxies) ?? hops[0] ?? socketAddress;
}

function pathIsDecodable(url) {
  try {
    decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
    return true;
  } catch {
    return false;
  }
}

// The methods the app answers; Next answers any other (TRACE, and the WebDAV ones Node parses) with
// a plain-text 500 and a stack trace in the log.
const APP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function sendJson(response, status, body, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

// Lingering close: how long an unwanted upload is read and dropped after the app has stopped reading it
// (say at its 64 KB limit) before the connection is closed.
const LINGER_MS = 5_000;
/** How long an idle kept-alive connection stays open (createServer below). */
const KEEP_ALIVE_MS = 65_000;

/** Each connection's current exchange; `request.complete` once its whole body has arrived, read or not. */
const currentExchange = new WeakMap();

/**
 * Closing a connection while the client's upload is still in flight makes TCP reset it, and the client
 * loses the answer (a 413 at the limit, a 405) along with it. Whoever closes such a connection (Next
 * cancelling the body, Node after a `Connection: close` answer), it half-closes instead, reads and drops
 * what is still coming, and is destroyed once the client is done or LINGER_MS has passed.
 */
function lingerWhileUploading(socket) {
  const destroyNow = socket.destroy.bind(socket);
  let deadline;
  const linger = (error) => {
    const exchange = currentExchange.get(socket);
    if (!exchange || exchange.request.complete || socket.destroyed) return destroyNow(error);
    if (deadline) return socket;
    socket.resume();
    deadline = setTimeout(destroyNow, LINGER_MS).unref();
    socket.once('close', () => clearTimeout(deadline));
    // The answer may still be on its way (a 413 is written after the body was cancelled): close after it.
    if (exchange.response.writableFinished) socket.end();
    else exchange.response.once('finish', () => socket.end());
    return socket;
  };
  socket.destroy = linger;
  socket.destroySoon = linger;
}

let stopping = false;
/** The answers not yet finished, so that a stop can ask each to close its connection after it. */
const inFlight = new Set();

/**
 * SIGTERM (a deploy, a scale-in) or SIGINT: stop taking connections (a load balancer's next check of
 * /api/health/ready is refused, so it sends no more), let the requests in flight finish (their connections
 * close after the answer; idle ones close now), and exit once the last connection has gone, or after
 * SHUTDOWN_GRACE_MS with whatever is left cut off.
 */
function stopGracefully(server) {
  if (stopping) return;
  stopping = true;
  for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, config.SHUTDOWN_GRACE_MS).unref();
}

/**
 * The request's ids: always one of this server's own; beside it the one a trusted proxy passed on, when it
 * has a proxy's shape (REQUEST_ID). A client behind the proxy can set the header too, so the proxy's id is
 * only ever logged beside the server's, never instead of it.
 */
function requestIdsOf(request) {
  const given = request.headers[REQUEST_ID_HEADER];
  const proxyRequestId = trustedProxies > 0 && typeof given === 'string' && REQUEST_ID.test(given) ? given.toLowerCase() : undefined;
  return { requestId: randomUUID(), ...(proxyRequestId ? { proxyRequestId } : {}) };
}

/**
 * One JSON line per answer, and its time in the latency histogram, once it has gone (or the client left):
 * the route's pattern (never the path, which can hold a token), the status, the time taken and, when a
 * session or a job said whose it was, the member's hash. Nothing the client sent is copied in.
 */
function observe(request, response, context, routeOf) {
  const started = process.hrtime.bigint();
  response.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    let route = '(other)';
    try {
      route = routeOf(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      // An address URL cannot parse (answered 400 above) has no route.
    }
    const status = response.writableFinished ? response.statusCode : 499;
    httpDuration().observe({ method: request.method, route, status: String(status) }, seconds);
    const line = {
      requestId: context.requestId,
      ...(context.proxyRequestId ? { proxyRequestId: context.proxyRequestId } : {}),
      method: request.method,
      route,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      ...(context.memberId ? { member: memberHash(context.memberId) } : {}),
    };
    if (status >= 500) logger().error(line, 'request');
    else logger().info(line, 'request');
  });
}

async function serve() {
  const app = next({ dev, port, hostname: hostname ?? 'localhost', turbopack: dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  const routeOf = dev ? () => '(dev)' : loadRouteNames('.next');
  promClient.collectDefaultMetrics();
  // A cluster's process answers its primary's requests for its figures (prom-client listens once one exists).
  if (cluster.isWorker) new promClient.AggregatorRegistry();

  const server = createServer((request, response) => {
    const context = requestIdsOf(request);
    // The id the caller can quote: the proxy's where it gave one (its own logs carry it), else the server's.
    response.setHeader(REQUEST_ID_HEADER, context.proxyRequestId ?? context.requestId);
    observe(request, response, context, routeOf);
    if (!APP_METHODS.has(request.method)) {
      // Node reads and drops the body of an answered request before the next one on the connection.
      sendJson(response, 405, { message: 'This method is not allowed here.', code: 'method_not_allowed' }, { allow: [...APP_METHODS].join(', ') });
      return;
    }
    // Next answers a malformed escape with a plain-text 500; it is the client's mistake.
    if (!pathIsDecodable(request.url)) {
      sendJson(response, 400, { message: 'The address is not valid.', code: 'bad_request' });
      return;
    }
    // Stopping: a request already on its way finishes, and its connection closes after the answer.
    if (stopping) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (stopping) server.closeIdleConnections();
    });
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request);
    currentExchange.set(request.socket, { request, response });
    requestContexts().run(context, () => handle(request, response));
  });
  // An idle kept-alive connection stays open 65 s (Node's own 5 s is shorter than the clients' and proxies'
  // own idle limits): a client that sends its next request on a connection just as the server closes it
  // gets a reset, not an answer. HAProxy, nginx and undici close an idle connection well before this, so the
  // closing is theirs to do. (A request's headers must still arrive within Node's 60 s.)
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('connection', lingerWhileUploading);
  // A request Node cannot parse (a method it does not know, a malformed header): a JSON 400, not Node's bare one.
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const [status, message, code] =
      error.code === 'HPE_HEADER_OVERFLOW' ? ['431 Request Header Fields Too Large', 'The request headers are too large.', 'request_header_fields_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? ['408 Request Timeout', 'The request took too long to arrive.', 'request_timeout']
      : ['400 Bad Request', 'The request could not be read.', 'bad_request'];
    const body = JSON.stringify({ message, code });
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  return server;
}

if (concurrency > 1 && cluster.isPrimary) {
  // The primary only keeps the workers running; each worker is a whole server on the shared port.
  // /metrics, answered by whichever process took the request, asks the primary for every process's figures.
  const aggregator = new promClient.AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (message?.type !== 'vitality:metrics') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: 'vitality:metrics', id: message.id, text }),
      (error) => worker.send({ type: 'vitality:metrics', id: message.id, error: error?.name ?? 'Error' }),
    );
  });
  let ready = 0;
  let shuttingDown = false;
  const fork = () => {
    if (shuttingDown) return;
    cluster.fork().on('message', (message) => {
      if (message === 'ready' && ++ready === concurrency) console.log(`Ready on http://${hostname ?? 'localhost'}:${port} (${concurrency} processes)`);
    });
  };
  for (let i = 0; i < concurrency; i++) fork();
  // A process that dies soon after starting (a bad deploy, a database that refuses it) is restarted after a
  // delay that doubles each time, up to 30 s, instead of in a tight loop; one that ran a minute resets it.
  const startedAt = new Map();
  let delayMs = 0;
  cluster.on('fork', (worker) => startedAt.set(worker.id, Date.now()));
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (worker.exitedAfterDisconnect || shuttingDown) return;
    delayMs = lived > 60_000 ? 0 : Math.min(30_000, Math.max(1_000, delayMs * 2));
    console.error(`A server process stopped (${signal ?? `code ${code}`}); starting another${delayMs ? ` in ${delayMs / 1000} s` : ''}.`);
    setTimeout(fork, delayMs);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      // Each worker stops gracefully on its own; the primary leaves once they all have, restarting none.
      shuttingDown = true;
      const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
      const left = new Set(workers.map((worker) => worker.id));
      if (!left.size) process.exit(0);
      cluster.on('exit', (worker) => {
        left.delete(worker.id);
        if (!left.size) process.exit(0);
      });
      for (const worker of workers) worker.process.kill(signal);
      // Each process bounds its own stop; this only guards against one that hangs anyway.
      setTimeout(() => process.exit(0), config.SHUTDOWN_GRACE_MS + 5_000).unref();
    });
  }
} else {
  const server = await serve();
  // `on`, not `once`: Ctrl-C reaches a cluster's processes twice (from the terminal and from the primary).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopGracefully(server));
  if (cluster.isWorker) process.send?.('ready');
  else console.log(`Ready on http://${hostname ?? 'localhost'}:${port}${dev ? ' (development)' : ''}`);
}
