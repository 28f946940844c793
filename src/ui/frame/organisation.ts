import footer from '@/i18n/fr/footer';
import { jsonForScript } from '@/lib/json-script';
import meta from '@/i18n/fr/meta';

/**
 * The organisation's JSON-LD (schema.org Organization), escaped for a script element. Built from
 * the message modules where it is printed (the shell's Client Component), so the RSC payload of
 * every page carries only the site's origin and the support address, not the block.
 */
export function organisationJsonLd(origin: string, email: string): string {
  const org = meta.organisation;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: org.name,
    url: origin,
    logo: `${origin}/logo.svg`,
    description: org.description,
    email,
    address: {
      '@type': 'PostalAddress',
      addressLocality: org.addressLocality,
      addressCountry: org.addressCountry,
    },
    sameAs: footer.socialLinks.map((l) => l.href),
  };
  return jsonForScript(data);
}
