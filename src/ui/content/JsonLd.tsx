import { jsonForScript } from '@/lib/json-script';

/** A JSON-LD block; `<` is escaped so no text can close the script element. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
  );
}
