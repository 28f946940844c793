import { interpolate, type Params } from './interpolate';
import { textAt, type StringPaths } from './lookup';
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
import savedSearches from './fr/saved-searches';
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
  savedSearches,
  search,
  services,
  toast,
} as const;
export type Messages = typeof messages;
export type Namespace = keyof Messages;

export { interpolate, type Params };
export type { StringPaths };

/** The French text at `key` in namespace `ns`, with `{placeholders}` filled from `params`. */
export function t<N extends Namespace>(
  ns: N,
  key: StringPaths<Messages[N]>,
  params?: Params,
): string {
  return textAt(messages[ns], ns, key, params);
}
