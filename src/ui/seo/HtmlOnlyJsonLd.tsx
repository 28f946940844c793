import 'server-only';
import { depositHtmlOnly } from './htmlOnly';
import { HtmlOnlyScript } from './HtmlOnlyScript';

/**
 * A JSON-LD block printed once per HTML document. A `<script>` rendered by a Server Component is
 * serialized into the page's RSC payload, which the HTML carries inline (`self.__next_f`), so
 * its text was in the document twice. Here the text goes to the HTML render through a slot of
 * this process (./htmlOnly.ts) and the payload holds only the slot's name. `json` must already
 * be escaped for a script element (`<` as `\u003c`).
 */
export function HtmlOnlyJsonLd({ json, testId }: { json: string; testId?: string }) {
  return <HtmlOnlyScript slot={depositHtmlOnly(json)} testId={testId} />;
}
