export type Params = Record<string, string | number>;

/** Replaces `{name}` placeholders; an unknown placeholder is left as is so that it shows in review. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
