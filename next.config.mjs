/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WebAssembly server packages stay outside the bundle.
  serverExternalPackages: ['argon2', 'pg', '@electric-sql/pglite', '@prisma/adapter-pg'],
};

export default nextConfig;
