import { interpolate, type Params } from './interpolate';
import account from './fr/account';
import combobox from './fr/combobox';
import consent from './fr/consent';
import company from './fr/company';
import cookies from './fr/cookies';
import errors from './fr/errors';
import filters from './fr/filters';
import follow from './fr/follow';
import documents from './fr/documents';
import footer from './fr/footer';
import frame from './fr/frame';
import home from './fr/home';
import meta from './fr/meta';
import nav from './fr/nav';
import opposition from './fr/opposition';
import orders from './fr/orders';
import search from './fr/search';
import services from './fr/services';
import toast from './fr/toast';

/**
 * French messages, one module per namespace (the site is French only, spec section 1). Modules are
 * plain TypeScript so that a Client Component imports only the namespaces it uses, and so that a
 * missing key is a type error rather than a blank on the page.
 */
export const messages = {
  account,
  combobox,
  consent,
  company,
  cookies,
  errors,
  filters,
  follow,
  documents,
  footer,
  frame,
  home,
  meta,
  nav,
  opposition,
  orders,
  search,
  services,
  toast,
} as const;
export type Messages = typeof messages;
export type Namespace = keyof Messages;

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

export { interpolate, type Params };

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => {
    if (node && typeof node === 'object') return (node as Record<string, unknown>)[part];
    return undefined;
  }, tree);
}

/** The French text at `key` in namespace `ns`, with `{placeholders}` filled from `params`. */
export function t<N extends Namespace>(
  ns: N,
  key: StringPaths<Messages[N]>,
  params?: Params,
): string {
  const value = lookup(messages[ns], key);
  if (typeof value !== 'string') throw new Error(`message manquant : ${ns}.${key}`);
  return interpolate(value, params);
}
