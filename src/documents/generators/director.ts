/**
 * The director report: every public mandate of one person (the registry's director profile, which
 * already leaves out people who opposed and protected natural-person companies), birth month and
 * year only.
 */
import type { Db } from '@/db/client';
import { STATE_NAMES } from '@/domain/company-state';
import { documentOffer } from '@/domain/catalogue/documents';
import { slugify } from '@/domain/slug';
import type { CompanyProfile } from '@/registry/company';
import { getDirectorProfile, listRepresentatives } from '@/registry/directors';
import { failure, success, type Result } from '@/lib/errors';
import { formatSirenText } from '../format';
import type { DocumentModel } from '../model';
import type { Check } from './common';

function pickTarget(payload: unknown): { directorId: string } | { n: number } | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.directorId === 'string' && p.directorId) return { directorId: p.directorId };
  const n = typeof p.n === 'string' ? Number(p.n) : p.n;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1) return { n };
  return null;
}

export const directorCheck: Check = async ({ db, profile }) =>
  (await listRepresentatives(db, profile)).some((r) => r.kind === 'person')
    ? null
    : 'Aucun dirigeant personne physique n’est publié pour cette entreprise.';

export async function directorReport(
  db: Db,
  company: CompanyProfile,
  payload: unknown,
): Promise<Result<DocumentModel>> {
  const target = pickTarget(payload);
  if (!target)
    return failure(
      'INVALID_INPUT',
      'Indiquez le dirigeant : directorId, ou n (son rang dans la liste des dirigeants).',
    );
  const reps = await listRepresentatives(db, company);
  const rep = 'n' in target ? reps[target.n - 1] : reps.find((r) => r.id === target.directorId);
  if (!rep)
    return failure(
      'NOT_FOUND',
      'Ce dirigeant ne figure pas parmi les représentants publiés de cette entreprise.',
    );
  if (rep.kind !== 'person')
    return failure(
      'DOCUMENT_UNAVAILABLE',
      'Ce représentant est une personne morale : le rapport dirigeant porte sur une personne physique.',
    );
  const lookup = await getDirectorProfile(db, rep.id);
  if (!lookup.ok) return failure('NOT_FOUND', lookup.message);
  const d = lookup.value;
  const offer = documentOffer('director-report')!;
  const current = d.mandates.filter((m) => m.current).length;
  return success({
    kind: 'director-report',
    title: `${offer.title} — ${d.name}`,
    subtitle: `${d.name}${d.birth ? `, né(e) en ${d.birth.label}` : ''} — ${d.mandates.length} mandat${d.mandates.length > 1 ? 's' : ''}, dont ${current} en cours`,
    subject: d.name,
    fileStem: `rapport-dirigeant-${slugify(d.name) || 'dirigeant'}`,
    blocks: [
      {
        type: 'fields',
        fields: [
          { label: 'Nom', value: d.name, source: d.source },
          {
            label: 'Naissance',
            value: d.birth ? `${d.birth.label} (mois et année seulement)` : 'Non publiée',
            source: d.source,
          },
          ...(d.nationality
            ? [{ label: 'Nationalité', value: d.nationality, source: d.source }]
            : []),
          {
            label: 'Rapport demandé depuis',
            value: `${company.displayName} (SIREN ${formatSirenText(company.siren)})`,
            source: company.sources.identity,
          },
        ],
      },
      ...(d.personKey
        ? []
        : [
            {
              type: 'paragraph' as const,
              style: 'note' as const,
              text: 'Le mois et l’année de naissance de cette personne ne sont pas publiés : ses homonymes ne peuvent pas être distingués, le rapport ne reprend donc que ce mandat.',
            },
          ]),
      { type: 'heading', text: 'Mandats' },
      {
        type: 'table',
        sheet: 'Mandats',
        primary: true,
        columns: [
          { label: 'Entreprise', width: 2 },
          { label: 'SIREN', kind: 'siren', width: 0.9 },
          { label: 'Qualité', width: 1.5 },
          { label: 'Début', kind: 'date', width: 0.7 },
          { label: 'Fin', kind: 'date', width: 0.7 },
          { label: 'État de l’entreprise', width: 0.9 },
        ],
        rows: d.mandates.map((m) => [
          m.companyName,
          m.siren,
          m.role,
          m.startDate,
          m.endDate,
          STATE_NAMES[m.companyState],
        ]),
        empty: 'Aucun mandat public.',
        source: d.source,
      },
    ],
    sources: [d.source, company.sources.identity],
  });
}
