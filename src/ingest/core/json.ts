import { ImportError } from './errors';
import { readAllText, textChunks, type OpenedInput } from './input';

/** A JSON document, or a clear import error naming the file. */
export function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ImportError(`${name} n'est pas un JSON valide (${(e as Error).message}).`);
  }
}

/** A whole (small) input read as one JSON document; `name` is the file's in the messages. */
export async function readJson(input: OpenedInput, name = input.name): Promise<unknown> {
  return parseJson(await readAllText(input), name);
}

/**
 * Streams the elements of a top-level JSON array one by one (flat memory for stock files of
 * thousands of records); a top-level object is yielded whole. `index` is 1-based.
 */
export async function* jsonItems(
  input: OpenedInput,
): AsyncGenerator<{ index: number; value: unknown }> {
  let mode: 'unknown' | 'array' | 'object' = 'unknown';
  let buf = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let index = 0;
  let done = false;
  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new ImportError(
        `${input.name} : JSON invalide (élément ${index}) : ${(e as Error).message}`,
      );
    }
  };
  for await (const chunk of textChunks(input)) {
    if (mode === 'object') {
      buf += chunk;
      continue;
    }
    let text = chunk;
    if (mode === 'unknown') {
      const t = text.trimStart();
      if (!t) continue;
      if (t[0] === '{') {
        mode = 'object';
        buf = t;
        continue;
      }
      if (t[0] !== '[')
        throw new ImportError(`${input.name} n'est pas un document JSON (ni objet ni tableau).`);
      mode = 'array';
      text = t.slice(1);
    }
    const base = buf.length;
    buf += text;
    for (let i = base; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 || c === 91) {
        if (depth === 0) start = i;
        depth++;
      } else if (c === 125 || c === 93) {
        if (depth === 0 && c === 93) {
          done = true;
          break;
        }
        depth--;
        if (depth === 0 && start >= 0) {
          index++;
          yield { index, value: parse(buf.slice(start, i + 1)) };
          start = -1;
        }
      }
    }
    if (depth === 0) buf = '';
    else if (start > 0) {
      buf = buf.slice(start);
      start = 0;
    }
  }
  if (mode === 'object') {
    index = 1;
    yield { index, value: parse(buf) };
    return;
  }
  if (mode === 'unknown') throw new ImportError(`Le fichier ${input.name} est vide.`);
  if (!done || depth !== 0)
    throw new ImportError(`${input.name} est tronqué : le tableau JSON n'est pas refermé.`);
}
