/**
 * The drop-in result's sections read per company (results.ts asks for them by `include`):
 * registration, BODACC, directors (birth as year and month only) and finances.
 */
import type { Db } from '@/db/client';
import type { CompanyProfile } from '@/registry/company';
import type { bodaccStanding } from '@/registry/notices';
import { listRepresentatives, ROLE_NOT_STATED } from '@/registry/directors';
import { headlineYears, listFinancials } from '@/registry/finances';

/** The registration block: what our sources give of the RNE's (dates, capital); null without. */
export function immatriculationOf(p: CompanyProfile) {
  if (!p.rcs?.registrationDate && !p.capital && !p.rcs?.strikeOffDate) return null;
  return {
    date_debut_activite: null,
    date_immatriculation: p.rcs?.registrationDate ?? null,
    date_radiation: p.rcs?.strikeOffDate ?? null,
    duree_personne_morale: null,
    date_fin_existence: null,
    nature_entreprise: null,
    date_cloture_exercice: null,
    capital_social: p.capital?.amount ?? null,
    capital_variable: null,
    devise_capital: p.capital?.currency ?? null,
    indicateur_associe_unique: null,
  };
}

/**
 * The BODACC block: a strike-off from the RCS when one is known (with its notice when we hold
 * it), and the collective procedure the latest judgment leaves open (the API's `statut`).
 */
export function bodaccOf(p: CompanyProfile, standing: Awaited<ReturnType<typeof bodaccStanding>>) {
  const date = p.rcs?.strikeOffDate ?? p.strikeOffDate;
  const proc = standing.procedure;
  return {
    radiation: date ? { est_radie: true, id_annonce: standing.strikeOffNoticeId, date } : null,
    procedure_collective: proc
      ? { statut: proc.state, id_annonce: proc.noticeId, date: proc.date }
      : null,
  };
}

export async function directorsOf(db: Db, p: CompanyProfile) {
  const reps = (await listRepresentatives(db, p)).filter((r) => r.current);
  return reps.map((r) =>
    r.kind === 'company'
      ? {
          siren: r.companySiren,
          denomination: r.name,
          qualite: r.role === ROLE_NOT_STATED ? null : r.role,
          type_dirigeant: 'personne morale',
        }
      : {
          nom: r.lastName ?? r.name,
          prenoms: r.firstNames ?? '',
          annee_de_naissance: r.birth ? String(r.birth.year) : null,
          // Month and year only, never the day (src/domain/diffusion.ts).
          date_de_naissance: r.birth?.month
            ? `${r.birth.year}-${String(r.birth.month).padStart(2, '0')}`
            : null,
          qualite: r.role === ROLE_NOT_STATED ? null : r.role,
          nationalite: r.nationality,
          type_dirigeant: 'personne physique',
        },
  );
}

export async function financesOf(db: Db, siren: string) {
  const years = headlineYears(await listFinancials(db, siren));
  if (!years.length) return null;
  const out: Record<string, { ca: number; resultat_net: number }> = {};
  for (const y of years) {
    if (y.revenue == null && y.netResult == null) continue;
    out[String(y.fiscalYear)] = { ca: y.revenue ?? 0, resultat_net: y.netResult ?? 0 };
  }
  return Object.keys(out).length ? out : null;
}
