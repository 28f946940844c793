import { getDb } from '@/db';
import { keyFiguresCsv } from '@/content/press';
import { keyFigures } from '@/registry/hub';

export const dynamic = 'force-dynamic';

/** The key figures of the press kit as CSV, counted in the database. */
export async function GET() {
  const figures = await keyFigures(getDb());
  if (!figures) return new Response('Chiffres momentanément indisponibles.', { status: 503 });
  return new Response(keyFiguresCsv(figures, new Date()), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="registre-chiffres-cles.csv"',
    },
  });
}
