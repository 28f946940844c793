import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // No ETag: Next hashes the whole HTML in JavaScript on every response to make one (a tenth of a
  // cached company page's server time), and HTML pages are not kept by browsers anyway
  // (s-maxage applies to shared caches only).
  generateEtags: false,
  // Spec section 9: image widths, sizes and default quality.
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
  },
  // The page cache (ISR company pages) lives in this process's memory only: bounded (LRU), and
  // empty after a restart, so a restarted server never serves pages rendered from an older
  // database (tests, benches and `npm start` share one .next folder). 256 MB holds about 1,500
  // company pages (HTML and RSC payload).
  cacheMaxMemorySize: 256 * 1024 * 1024,
  experimental: {
    optimizePackageImports: ['@mui/material'],
    isrFlushToDisk: false,
  },
  // PGlite, pg and the ingest stack are server-side only and must not be bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', 'pino'],
};

export default nextConfig;
