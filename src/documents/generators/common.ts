import type { Db } from '@/db/client';
import { slugify } from '@/domain/slug';
import { companyStateLabel } from '@/domain/company-state';
import type { CompanyProfile } from '@/registry/company';
import { sourceRef, type SourceRef } from '@/registry/result';
import type { Result } from '@/lib/errors';
import { formatEuros, formatLongDate, formatSirenText, formatSiretText } from '../format';
import { documentOffer } from '@/domain/catalogue/documents';
import { uniqueSources, type Block, type DocumentModel, type Field } from '../model';
import type { DocumentServices } from '../services';

export type GenContext = {
  db: Db;
  profile: CompanyProfile;
  payload: unknown;
  now: Date;
  services: DocumentServices;
};

export type Generator = (ctx: GenContext) => Promise<Result<DocumentModel>>;

/** Availability of a kind for a company: null when it can be produced, else the French reason. */
export type Check = (ctx: Omit<GenContext, 'payload' | 'now'>) => Promise<string | null>;

export const subtitleOf = (p: CompanyProfile) =>
  `${p.displayName} — SIREN ${formatSirenText(p.siren)}`;

export const subjectOf = (p: CompanyProfile) => `${p.displayName} (SIREN ${p.siren})`;

export const fileStemOf = (title: string, siren: string) =>
  `${slugify(title).slice(0, 60) || 'document'}-${siren}`;

/** The Sirene source of the company's identity (or the best source we have for it). */
export const identitySource = (p: CompanyProfile): SourceRef => p.sources.identity;

export const fieldSource = (p: CompanyProfile, field: string): SourceRef =>
  p.sources.fields[field] ?? p.sources.identity;

export const sireneSource = (p: CompanyProfile): SourceRef =>
  p.headOffice?.source ?? sourceRef('sirene', p.sources.identity.date);

/** The page's state (struck off, unknown included), with long French dates. */
export function stateText(p: CompanyProfile): string {
  return companyStateLabel(
    p.state,
    { ceasedDate: p.ceasedDate, strikeOffDate: p.strikeOffDate },
    formatLongDate,
  );
}

export function headOfficeAddress(p: CompanyProfile): string {
  if (!p.headOffice) return 'Non renseignée';
  const lines = p.headOffice.address.lines.join(', ');
  return p.headOffice.address.masked
    ? `${lines || p.headOffice.address.communeName || 'Commune non renseignée'} (adresse non diffusible)`
    : lines || 'Non renseignée';
}

/** Identity block: what every registry document starts with. */
export function identityFields(p: CompanyProfile, more: { capital?: boolean } = {}): Field[] {
  const src = identitySource(p);
  const fields: Field[] = [
    { label: 'Dénomination', value: p.displayName, source: src },
    { label: 'SIREN', value: formatSirenText(p.siren), source: src },
  ];
  if (p.sigle) fields.push({ label: 'Sigle', value: p.sigle, source: src });
  fields.push(
    {
      label: 'Forme juridique',
      value: p.legalForm.label ?? 'Non renseignée',
      source: fieldSource(p, 'legal_form_code'),
    },
    {
      label: 'Activité principale (APE)',
      value: p.naf.code ? `${p.naf.code} — ${p.naf.label ?? ''}`.trim() : 'Non renseignée',
      source: fieldSource(p, 'naf_code'),
    },
    { label: 'État administratif', value: stateText(p), source: src },
    {
      label: 'Date de création',
      value: p.creationDate ? formatLongDate(p.creationDate) : 'Non renseignée',
      source: src,
    },
    ...(p.rcs?.registrationDate
      ? [
          {
            label: 'Date d’immatriculation au RCS',
            value: formatLongDate(p.rcs.registrationDate),
            // The source the company page names for the registration (RNE), not the identity's.
            source: p.rcs.source ?? fieldSource(p, 'rcs_registration_date'),
          },
        ]
      : []),
    {
      label: 'Siège',
      value: p.headOfficeSiret
        ? `SIRET ${formatSiretText(p.headOfficeSiret)} — ${headOfficeAddress(p)}`
        : headOfficeAddress(p),
      source: p.headOffice?.source ?? src,
    },
  );
  if (more.capital && p.capital) {
    fields.push({
      label: 'Capital social',
      value:
        p.capital.currency === 'EUR'
          ? formatEuros(p.capital.amount)
          : `${p.capital.amount} ${p.capital.currency}`,
      source: fieldSource(p, 'capital_amount'),
    });
  }
  return fields;
}

export const protectionNote = (p: CompanyProfile): string | null =>
  p.protected
    ? p.protectionReason === 'opposition'
      ? 'Une partie des informations de cette entreprise est masquée à la suite d’une demande d’opposition : ce document n’en montre pas plus que sa fiche publique.'
      : p.isNaturalPerson
        ? 'Cette entreprise a demandé la diffusion partielle de ses données au répertoire Sirene : ce document n’en montre pas plus que sa fiche publique (ni nom de personne, ni adresse au-delà de la commune).'
        : 'Cette entreprise a demandé la diffusion partielle de ses données au répertoire Sirene : ce document n’en montre pas plus que sa fiche publique (pas d’adresse au-delà de la commune).'
    : null;

/** A registry document of a kind: title from the catalogue, protection note, every source used. */
export function modelOf(
  ctx: GenContext,
  kind: string,
  blocks: Block[],
  extraSources = [identitySource(ctx.profile)],
): DocumentModel {
  const offer = documentOffer(kind)!;
  const p = ctx.profile;
  const note = protectionNote(p);
  const allBlocks: Block[] = note
    ? [{ type: 'paragraph', text: note, style: 'note' }, ...blocks]
    : blocks;
  const sources = uniqueSources([
    ...extraSources,
    ...allBlocks.flatMap((b) =>
      b.type === 'fields' ? b.fields.map((f) => f.source) : b.type === 'table' ? [b.source] : [],
    ),
  ]);
  return {
    kind,
    title: offer.title,
    subtitle: subtitleOf(p),
    subject: subjectOf(p),
    fileStem: fileStemOf(offer.title, p.siren),
    blocks: allBlocks,
    sources,
    notOfficial: offer.notOfficial,
  };
}
