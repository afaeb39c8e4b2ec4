import { createServer } from 'node:net';

/**
 * Ports are taken from below Linux's ephemeral range (32768–60999): a port the kernel hands out for
 * `listen(0)` comes from that range, where any outgoing connection of the machine may take it as its local
 * port between our check and the server's own listen (one slow-day run lost a test file's server to
 * EADDRINUSE so). Nothing takes a port below it unless asked for it.
 */
const PORTS = { from: 20_000, to: 32_000 } as const;

/** Whether nothing listens on `port` right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on right now, chosen at random below the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (await bindable(port)) return port;
  }
  throw new Error('no free port');
}
