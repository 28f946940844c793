import 'server-only';
import type { Metadata } from 'next';
import { formatSiren } from '@/domain/siren';
import type { CompanyProfile } from '@/registry/company';
import { loadCompanyProfile, siteUrl } from '@/loaders/registry-pages';

/** Metadata of a per-company page: French title and description, canonical on the padded SIREN. */
export async function subPageMetadata(
  siren: string,
  route: string,
  title: string,
  describe: (p: CompanyProfile) => string,
): Promise<Metadata> {
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) return { title: 'Entreprise introuvable', robots: { index: false } };
  const p = lookup.value;
  return {
    title: `${title} de ${p.displayName} – SIREN ${formatSiren(p.siren)}`,
    description: describe(p),
    alternates: { canonical: `${siteUrl()}/${route}/${p.siren}` },
    robots: p.protected && p.isNaturalPerson ? { index: false, follow: true } : undefined,
  };
}
