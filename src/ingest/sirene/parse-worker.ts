/**
 * A parse worker (see parallel.ts): splits a piece of a SIRENE stock into records, validates,
 * maps and encodes them exactly as the importing thread would (encode.ts).
 */
import { parentPort } from 'node:worker_threads';
import { ImportError } from '../core/errors';
import { encodeCsvText, type RowMapper } from './encode';
import { etablissementMapper } from './etablissement';
import type { MapperName, PieceAnswer, PieceRequest } from './parallel';
import { uniteLegaleMapper } from './unite-legale';

const MAPPERS: Record<MapperName, (col: (name: string) => number) => RowMapper> = {
  'sirene-ul': uniteLegaleMapper,
  'sirene-etab': etablissementMapper,
};

let current: { key: string; map: RowMapper } | null = null;

function mapperFor(name: MapperName, header: string[]): RowMapper {
  const key = `${name}\u0000${header.join(',')}`;
  if (current?.key !== key) {
    const positions = new Map(header.map((h, i) => [h, i]));
    current = { key, map: MAPPERS[name]((n) => positions.get(n) ?? -1) };
  }
  return current.map;
}

function encodePiece(req: PieceRequest): PieceAnswer {
  try {
    const map = mapperFor(req.mapper, req.header);
    const result = encodeCsvText(req.text, req.firstLine, req.header.length, map, req.options);
    return { id: req.id, result };
  } catch (e) {
    return {
      id: req.id,
      error: {
        message: e instanceof Error ? e.message : String(e),
        importError: e instanceof ImportError,
      },
    };
  }
}

parentPort?.on('message', (req: PieceRequest) => {
  parentPort!.postMessage(encodePiece(req));
});
