import { interpolate, type Params } from './interpolate';

/** Dotted paths to the string leaves of an object type: 'stats.docAvailable'. */
export type StringPaths<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K
    : T[K] extends readonly unknown[]
      ? never
      : T[K] extends object
        ? `${K}.${StringPaths<T[K]>}`
        : never;
}[keyof T & string];

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => {
    if (node && typeof node === 'object') return (node as Record<string, unknown>)[part];
    return undefined;
  }, tree);
}

/** The text at a dotted `key` of a namespace's messages, with `{placeholders}` filled. */
export function textAt(tree: unknown, ns: string, key: string, params?: Params): string {
  const value = lookup(tree, key);
  if (typeof value !== 'string') throw new Error(`message manquant : ${ns}.${key}`);
  return interpolate(value, params);
}

/**
 * `t` for one namespace, for Client Components: importing `@/i18n` would put every namespace in
 * the browser bundle, importing `@/i18n/fr/<namespace>` and this puts one.
 */
export function translator<T>(tree: T, ns: string) {
  return (key: StringPaths<T>, params?: Params): string => textAt(tree, ns, key, params);
}
