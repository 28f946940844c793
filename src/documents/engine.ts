import type { Db } from '@/db/client';
import { failure, type Result } from '@/lib/errors';
import type { DocumentFile, GenerateOptions } from './index';

export async function generateDocument(
  _db: Db,
  _kind: string,
  _siren: string,
  _payload: unknown,
  _options: GenerateOptions,
): Promise<Result<DocumentFile>> {
  return failure('DOCUMENT_UNAVAILABLE');
}

export async function availabilityOf(
  _db: Db,
  _kind: string,
  _siren: string,
): Promise<{ available: true } | { available: false; reason: string }> {
  return { available: false, reason: 'Ce document n’est pas encore disponible.' };
}
