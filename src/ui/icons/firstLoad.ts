/**
 * The icons that Client Components of the first load draw (hamburger, mega-menu chevron, consent
 * banner). Kept in their own module: a bundler keeps a module whole, so importing one icon from
 * paths.ts would ship them all.
 */
export const menuIcon = ['M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z'] as const;
export const expandMoreIcon = ['M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z'] as const;
export const cookieIcon = [
  'M21.95 10.99c-1.79-.03-3.7-1.95-2.68-4.22-2.97 1-5.78-1.59-5.19-4.56C7.11.74 2 6.41 2 12c0 5.52 4.48 10 10 10 5.89 0 10.54-5.08 9.95-11.01M12 20c-4.41 0-8-3.59-8-8 0-3.31 2.73-8.18 8.08-8.02.42 2.54 2.44 4.56 4.99 4.94.07.36.52 2.55 2.92 3.63C19.7 16.86 16.06 20 12 20',
] as const;
