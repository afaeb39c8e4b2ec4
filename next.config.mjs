// Static security headers for every response, API included; the per-page CSP and HSTS come from proxy.ts.
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Camera (the scan), microphone (voice input) and location: this app only, never an embedded frame.
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(self), geolocation=(self)' },
];

const NO_REFERRER = { key: 'Referrer-Policy', value: 'no-referrer' };
/** Paths whose answers send no referrer, and those kept out of search engines too (tests/integration/http/doctor-share.test.ts). */
const PRIVATE_PATHS = [
  { source: '/api/shared/:path*', headers: [NO_REFERRER, { key: 'X-Robots-Tag', value: 'noindex, nofollow' }] },
  { source: '/authorize/wearables/:path*', headers: [NO_REFERRER] },
  { source: '/reset-password/:path*', headers: [NO_REFERRER] },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The build's own stages side by side (the same output, sooner): the server and edge bundles compile at
  // once, and the server files' traces (.nft.json) are collected while the client bundle compiles and
  // TypeScript checks, instead of alone at the end (137 s → 120 s for a cold `npm run build` on 2 cores,
  // docs/testing.md). Both need webpack in a worker process, which a custom `webpack()` turns off unless asked.
  experimental: { webpackBuildWorker: true, parallelServerBuildTraces: true, parallelServerCompiles: true },
  // Native and WebAssembly server packages stay outside the bundle. So do pino and prom-client, so that the
  // app and server.mjs share one logger and one metrics registry (lib/observability/runtime.js), and the AWS
  // SDK's upload helper, beside the S3 client Next already leaves out (loaded only when S3_BUCKET is set).
  // subset-font loads HarfBuzz's WebAssembly from its own package at run time, and fontkit's UMD build is
  // required as it is (the doctor's summary's fonts, lib/reports/pdf-fonts.ts).
  serverExternalPackages: ['argon2', 'pg', '@electric-sql/pglite', '@prisma/adapter-pg', 'pino', 'prom-client', '@aws-sdk/lib-storage', 'subset-font', 'harfbuzzjs', '@pdf-lib/fontkit'],
  webpack(config) {
    // face-api's browser bundle keeps a guarded require() for Node.js that the browser never runs.
    config.ignoreWarnings = [...(config.ignoreWarnings ?? []), { module: /@vladmandic[\\/]face-api/, message: /Critical dependency/ }];
    return config;
  },
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      // A header set here wins over the same header a route handler sets, and for one that matches two rules
      // the later rule wins: the answers whose address is a secret (a doctor's share link, a wearable's
      // consent popup with its one-time state) send no referrer at all, their 404s and 429s too.
      ...PRIVATE_PATHS,
    ];
  },
};

export default nextConfig;
