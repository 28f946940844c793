import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The API reference's renderer (Scalar, @scalar/api-reference), served from the installed
 * package: its ES module and the chunks it imports on demand. Only /documentation-api loads them
 * (src/ui/api-reference/ApiReference.tsx), so no other page carries its weight.
 */
const DIST = path.join(
  process.cwd(),
  'node_modules',
  '@scalar',
  'api-reference',
  'dist',
  'browser',
);
const FILE = /^(standalone\.esm\.js|chunks\/[A-Za-z0-9_.-]+\.js)$/;

export async function GET(_req: Request, ctx: { params: Promise<{ file: string[] }> }) {
  const name = (await ctx.params).file.join('/');
  if (!FILE.test(name) || name.includes('..')) return new Response('Introuvable.', { status: 404 });
  try {
    const body = await readFile(path.join(DIST, name));
    return new Response(body, {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        // Chunk names carry their content's hash; the entry's name does not.
        'Cache-Control': name.startsWith('chunks/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      },
    });
  } catch {
    return new Response('Introuvable.', { status: 404 });
  }
}
