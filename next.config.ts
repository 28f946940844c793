import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import { writeRouteTable } from './src/server/route-table';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The financial diagnostic was sold under another body's product name; its old address moves.
  redirects: () =>
    Promise.resolve([
      { source: '/diagnostic-nota-pme', destination: '/diagnostic-financier', permanent: true },
      {
        source: '/diagnostic-nota-pme/:rest*',
        destination: '/diagnostic-financier/:rest*',
        permanent: true,
      },
    ]),
  // No ETag: Next hashes the whole HTML in JavaScript on every response to make one (a tenth of a
  // cached company page's server time), and HTML pages are not kept by browsers anyway
  // (s-maxage applies to shared caches only).
  generateEtags: false,
  // `npm test` checks the types with tsc before its end-to-end build, so that build skips Next's
  // own check of the same files (scripts/test.ts sets BUILD_TYPES_CHECKED). Every other build
  // checks them.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // How long after its render a cached page may be served at all: Next answers
  // `s-maxage=<revalidate>, stale-while-revalidate=<expireTime - revalidate>`. Its default, a year,
  // let a CDN keep serving a company page for a year after an opposition removed it (the CDN
  // revalidates in the background but may answer stale meanwhile). Two days bound it: company
  // pages revalidate after 86,400-129,600 s (spec section 9), so their stale-while-revalidate is
  // at most 86,400 s (one day), and no copy outlives its render by more than two days.
  expireTime: 2 * 86_400,
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
  // PGlite, pg, the ingest stack and the document generators are server-side only and must not be
  // bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'pino',
    // Document generators read their data files (fonts, metrics) from their package folders.
    'pdfkit',
    'fontkit',
    'exceljs',
  ],
};

/**
 * `next build` and `next dev` first write the web server's route table from the files of src/app
 * (src/server/route-table.ts), so that a new page or route handler needs no second edit.
 * Then they compile content/ with Velite (velite.config.ts) into .velite/,
 * which the content pages read. Strict: a content file that breaks the schema stops the build,
 * naming the file and the field. The production server (`next start`, scripts/serve.ts) uses the
 * output of the build and does not run it again.
 */
export default async function config(phase: string): Promise<NextConfig> {
  // Next loads this file again in its build workers, which inherit the environment: compile once.
  if (
    (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) &&
    !process.env.VELITE_STARTED
  ) {
    process.env.VELITE_STARTED = '1';
    writeRouteTable();
    const { build } = await import('velite');
    await build({ strict: true, watch: phase === PHASE_DEVELOPMENT_SERVER, logLevel: 'warn' });
  }
  return nextConfig;
}
