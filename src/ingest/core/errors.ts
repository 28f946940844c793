/**
 * An import failure the user can act on: its message is French and complete, and the CLI prints
 * it without a stack trace.
 */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/** Turns any error into one French line, never a stack trace. */
export function describeError(e: unknown): string {
  if (e instanceof ImportError) return e.message;
  if (e instanceof Error) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT')
      return `Fichier introuvable : ${(e as { path?: string }).path ?? e.message}`;
    if (code === 'EACCES')
      return `Lecture interdite : ${(e as { path?: string }).path ?? e.message}`;
    if (code === 'EISDIR')
      return `Un dossier a été donné au lieu d'un fichier : ${(e as { path?: string }).path ?? ''}`;
    if (code === 'ECONNREFUSED') return `Connexion à la base PostgreSQL refusée (${e.message}).`;
    return `Erreur inattendue : ${e.message}`;
  }
  return `Erreur inattendue : ${String(e)}`;
}
