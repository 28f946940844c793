'use client';
import { usePathname } from 'next/navigation';
import { organisationJsonLd } from './organisation';
import { metaRulesFor } from './rules';
import { useShouldRenderSchema } from './schemaStorage';

/**
 * The organisation's JSON-LD, on the pages whose meta rules want it (not on private pages, not on
 * company and director profiles, which give their own), and while the `schema-storage` flag is
 * on (./schemaStorage.ts: read in the browser only, so the server's HTML never depends on it). A
 * Client Component so the static frame can decide per path; it is still in the server-rendered
 * HTML. It builds the block itself (./organisation.ts): the RSC payload of every page carries the
 * origin and the address, not the block.
 */
export function OrganisationJsonLd({ origin, email }: { origin: string; email: string }) {
  const pathname = usePathname() ?? '/';
  const shouldRenderSchema = useShouldRenderSchema();
  if (!metaRulesFor(pathname).structuredData || !shouldRenderSchema) return null;
  return (
    <script
      type="application/ld+json"
      data-testid="organisation-jsonld"
      dangerouslySetInnerHTML={{ __html: organisationJsonLd(origin, email) }}
    />
  );
}
