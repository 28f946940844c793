/** What has come of a streamed answer so far. */
export type ReadSoFar = { bytes: number; lines: number };

/**
 * Reads a streamed file answer (a results export, an enrichment) to its end, for a progress line:
 * after each chunk, `onChunk` is told the bytes and, with `countLines` (CSV: one record a line,
 * the header one more), the line feeds received so far.
 */
export async function readCounting(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  countLines: boolean,
  onChunk: (read: ReadSoFar) => void,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    bytes += value.length;
    if (countLines) for (const b of value) if (b === 10) lines++;
    onChunk({ bytes, lines });
  }
}
