import { connect } from 'node:net';

export type RawAnswer = { status: number; type: string; text: string; /** Body bytes written before the answer came (chunked sends). */ sent?: number };

/** The status, content type and body of a complete HTTP/1.1 answer in `raw`, or null while it is incomplete. */
function parseAnswer(raw: Buffer, closed: boolean): RawAnswer | null {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const status = Number(statusLine.split(' ')[1]);
  const type = headers.get('content-type') ?? '';
  let body = raw.subarray(headEnd + 4);
  if (headers.get('transfer-encoding')?.includes('chunked')) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = body.indexOf('\r\n');
      if (lineEnd === -1) return closed ? { status, type, text: Buffer.concat(parts).toString() } : null;
      const size = parseInt(body.subarray(0, lineEnd).toString(), 16);
      if (size === 0) return { status, type, text: Buffer.concat(parts).toString() };
      if (body.length < lineEnd + 2 + size + 2) return closed ? { status, type, text: Buffer.concat(parts).toString() } : null;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      body = body.subarray(lineEnd + 2 + size + 2);
    }
  }
  const length = headers.has('content-length') ? Number(headers.get('content-length')) : null;
  if (length !== null) return body.length >= length ? { status, type, text: body.subarray(0, length).toString() } : null;
  return closed || status === 204 || status === 304 ? { status, type, text: body.toString() } : null;
}

/**
 * One request over a raw socket, read the way curl reads it: a server that answers before the upload
 * is done (a 413 at its limit, a 405) and then closes makes our writes fail, but its answer still
 * arrives, and that answer is what counts. `chunkedBytes` sends that many bytes with chunked encoding,
 * so no Content-Length warns the server, and stops sending once the answer has come.
 */
export function sendRaw(url: string, method: string, headers: Record<string, string>, body?: string, chunkedBytes = 0): Promise<RawAnswer> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve) => {
    let raw = Buffer.alloc(0);
    let answered = false;
    let sent = 0;
    const finish = (answer: RawAnswer) => {
      if (answered) return;
      answered = true;
      resolve({ ...answer, sent });
      socket.destroy();
    };
    const socket = connect(Number(port), hostname);
    socket.on('data', (data: Buffer) => {
      raw = Buffer.concat([raw, data]);
      const answer = parseAnswer(raw, false);
      if (answer) finish(answer);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(parseAnswer(raw, true) ?? { status: 0, type: 'no answer', text: '' }));
    const sizing = chunkedBytes ? { 'transfer-encoding': 'chunked' } : body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {};
    const head = Object.entries({ host: `${hostname}:${port}`, connection: 'close', ...headers, ...sizing }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`${method} ${pathname}${search} HTTP/1.1\r\n${head.join('')}\r\n`);
    if (!chunkedBytes) return void (body !== undefined && socket.write(body));
    const chunk = Buffer.from(`${(64 * 1024).toString(16)}\r\n{"pad":"${'x'.repeat(64 * 1024 - 8)}\r\n`);
    const pump = () => {
      while (!answered && !socket.destroyed && sent < chunkedBytes) {
        sent += 64 * 1024;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!answered && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    pump();
  });
}
