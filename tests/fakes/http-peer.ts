import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../support/wait-for';

/** Ways a fake peer can misbehave, to test how the caller copes with an outage. */
export type Outage = 'server-error' | 'reset' | 'hang' | 'garbage';

export type PeerControls = {
  /** `METHOD /path` of every request received, without the query (it may hold a token). */
  requests: string[];
  /** Misbehave on every path, or on one path only; `null` restores normal service. */
  failWith(outage: Outage | null, path?: string): void;
  stop(): Promise<void>;
};

export type PeerHandler = (request: IncomingMessage, url: URL, response: ServerResponse) => void;

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

function misbehave(outage: Outage, request: IncomingMessage, response: ServerResponse): void {
  if (outage === 'server-error') sendJson(response, 503, { error: 'backend_error' });
  else if (outage === 'reset') request.socket.destroy();
  else if (outage === 'garbage') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('<html>Service Unavailable</html>');
  }
  // 'hang': never answer; stop() closes the connection.
}

/** How long a fake waits for its fixed port to come free, on the reference day (tests/setup/machine-speed.js). */
const PORT_WAIT_MS = 120_000;

/** An HTTP server on 127.0.0.1 (on a free port unless `port` is given), standing in for a third-party API. */
export async function startPeer(handle: PeerHandler, { port: wanted = 0 }: { port?: number } = {}): Promise<PeerControls & { baseUrl: string }> {
  const requests: string[] = [];
  let outage: { kind: Outage; path: string | undefined } | null = null;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${request.method ?? 'GET'} ${url.pathname}`);
    if (outage && (outage.path === undefined || outage.path === url.pathname)) return misbehave(outage.kind, request, response);
    try {
      handle(request, url, response);
    } catch (error) {
      sendJson(response, 500, { error: String(error) });
    }
  });
  // A fixed port is one the app under test was started with, so specs running in parallel take turns
  // with it: a start waits (up to PORT_WAIT_MS) for another spec's fake to let go.
  const listening = () =>
    new Promise<boolean>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' && wanted !== 0 ? resolve(false) : reject(error));
      server.once('error', onError);
      server.listen(wanted, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
  await waitFor(listening, `port ${wanted} on 127.0.0.1 to come free for a fake peer`, { timeoutMs: PORT_WAIT_MS, intervalMs: 200 });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failWith(kind, path) {
      outage = kind ? { kind, path } : null;
    },
    stop() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
