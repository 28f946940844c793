/**
 * `data` as the text of a `<script type="application/ld+json">` element: JSON with every `<`
 * written `\u003c`, so no string in it (a company's name) can close the element.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
