import { jsonForScript } from '@/lib/json-script';
import { formatSiren } from '@/domain/siren';
import type { CompanyProfile } from '@/registry/company';
import type { Representative } from '@/registry/directors';

/** "DANONE (Paris) - SIREN 552 032 534 : dirigeants, comptes, établissements" */
export function companyTitle(p: CompanyProfile): string {
  const city = p.headOffice?.address.communeName;
  return `${p.displayName}${city && !p.nameHidden ? ` (${city})` : ''} – SIREN ${formatSiren(p.siren)} : dirigeants, comptes, établissements`;
}

export function companyDescription(p: CompanyProfile, main: Representative | null): string {
  const bits = [
    `${p.displayName}, ${p.legalForm.label ?? 'entreprise'}`,
    p.naf.label ? `activité : ${p.naf.label}` : null,
    p.headOffice?.address.communeName ? `siège à ${p.headOffice.address.communeName}` : null,
    // The page's state: « radiée du RCS le … », « état non renseigné », never « cessée » for all.
    p.stateLabel.charAt(0).toLowerCase() + p.stateLabel.slice(1),
    main ? `dirigée par ${main.name} (${main.role})` : null,
  ].filter(Boolean);
  return `${bits.join(', ')}. SIREN, SIRET, TVA, comptes annuels, annonces BODACC et établissements, d'après les registres officiels.`;
}

/** JSON-LD Organization, with `<` escaped so the data cannot close the script element. */
export function companyJsonLd(p: CompanyProfile, url: string): string {
  const a = p.headOffice?.address;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: p.displayName,
    url,
    identifier: { '@type': 'PropertyValue', propertyID: 'SIREN', value: p.siren },
    vatID: p.vatNumber,
    ...(p.name ? { legalName: p.name } : {}),
    ...(p.creationDate ? { foundingDate: p.creationDate } : {}),
    ...(p.ceasedDate ? { dissolutionDate: p.ceasedDate } : {}),
    ...(p.naf.label ? { description: p.naf.label } : {}),
    ...(a && a.lines.length
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(a.masked ? {} : { streetAddress: a.lines.slice(0, -1).join(', ') }),
            ...(a.postcode ? { postalCode: a.postcode } : {}),
            ...(a.communeName ? { addressLocality: a.communeName } : {}),
            addressCountry: a.country ?? 'FR',
          },
        }
      : {}),
  };
  return jsonForScript(data);
}
