export type Params = Record<string, string | number>;

/**
 * Replaces `{name}` placeholders; an unknown placeholder is left as is so that it shows in review.
 * `{name|one|other}` is a French plural: `one` when the number `name` is below 2, else `other`
 * (`'{count} ouvert{n||s}'` with `{ count: '1 234', n: 1234 }`).
 */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(
    /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g,
    (whole, name: string, one?: string, other?: string) => {
      if (!(name in params)) return whole;
      if (one === undefined) return String(params[name]);
      return Math.abs(Number(params[name])) < 2 ? one : (other ?? '');
    },
  );
}
