// The part of s3rver 3.7 (a local S3 for tests; it ships no types) that tests/setup/s3-server.ts uses. It is a
// Koa application: `middleware` is Koa's list, composed when the server starts.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Options = { port?: number; address?: string; directory?: string; silent?: boolean; configureBuckets?: { name: string }[] };
  export type Context = { method: string; path: string; query: Record<string, string | string[] | undefined>; status: number; body: unknown; type: string; req: IncomingMessage; res: ServerResponse };
  export type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

  export default class S3rver {
    constructor(options: Options);
    middleware: Middleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
