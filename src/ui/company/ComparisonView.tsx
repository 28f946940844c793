import Link from 'next/link';
import type { Comparison } from '@/registry/comparison';
import { MAX_COMPARED } from '@/registry/comparison';
import { formatDate, formatMoney, formatPercent, formatSiren } from './format';
import { Empty } from './Section';
import s from './company.module.css';

export type PickerResult = { siren: string; name: string; detail: string };

const compareHref = (sirens: string[]) =>
  sirens.length ? `/comparateur-entreprises?siren=${sirens.join(',')}` : '/comparateur-entreprises';

export function ComparisonView({
  comparison,
  sirens,
  query,
  results,
  searchError,
}: {
  comparison: Comparison;
  sirens: string[];
  query: string;
  results: PickerResult[];
  searchError: string | null;
}) {
  const cs = comparison.companies;
  const full = sirens.length >= MAX_COMPARED;
  const row = (label: string, cell: (i: number) => React.ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      {cs.map((c, i) => (
        <td key={c.profile.siren}>{cell(i)}</td>
      ))}
    </tr>
  );
  return (
    <div className={s.page}>
      <h1 className={s.title}>Comparateur d&apos;entreprises</h1>
      <p className={s.subtitle}>
        Comparez de deux à quatre entreprises : identité, taille, situation et chiffres clés par
        exercice. L&apos;adresse de la page se partage telle quelle.
      </p>
      <section className={s.section} aria-labelledby="ajout-title">
        <h2 id="ajout-title" className={s.sectionTitle}>
          {full ? 'Comparaison complète' : 'Ajouter une entreprise'}
        </h2>
        {full ? (
          <p className={s.muted}>
            Quatre entreprises au plus : retirez-en une pour en ajouter une autre.
          </p>
        ) : (
          <form
            method="get"
            action="/comparateur-entreprises"
            className={s.form}
            role="search"
            style={{ marginTop: 12 }}
          >
            <input type="hidden" name="siren" value={sirens.join(',')} />
            <label>
              Nom ou numéro SIREN
              <input
                name="q"
                defaultValue={query}
                minLength={2}
                maxLength={100}
                required
                placeholder="Ex. : Danone ou 552 032 534"
              />
            </label>
            <button className={s.button} type="submit">
              Rechercher
            </button>
          </form>
        )}
        {searchError ? <p className={s.alert}>{searchError}</p> : null}
        {results.length ? (
          <ul className={s.cards} style={{ marginTop: 12 }} aria-label="Résultats de la recherche">
            {results.map((r) => (
              <li key={r.siren} className={s.card}>
                <strong>{r.name}</strong>
                <span className={s.note} style={{ display: 'block' }}>
                  {r.detail}
                </span>
                {sirens.includes(r.siren) ? (
                  <span className={s.note}>Déjà comparée</span>
                ) : (
                  <Link href={compareHref([...sirens, r.siren])} prefetch={false}>
                    Ajouter à la comparaison
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : query && !searchError ? (
          <p className={s.muted}>Aucune entreprise trouvée pour « {query} ».</p>
        ) : null}
      </section>
      {comparison.missing.length ? (
        <p className={s.alert}>
          Introuvable : {comparison.missing.map((m) => formatSiren(m)).join(', ')}.
        </p>
      ) : null}
      {cs.length === 0 ? (
        <Empty>Choisissez au moins deux entreprises pour les comparer.</Empty>
      ) : (
        <section className={s.section} aria-labelledby="comparaison-title">
          <h2 id="comparaison-title" className={s.sectionTitle}>
            Comparaison
          </h2>
          {cs.length === 1 ? (
            <p className={s.muted}>Ajoutez une deuxième entreprise pour comparer.</p>
          ) : null}
          <div className={s.tableWrap}>
            <table className={s.table}>
              <thead>
                <tr>
                  <td />
                  {cs.map((c) => (
                    <th key={c.profile.siren} scope="col">
                      <Link
                        href={`/entreprises/${c.profile.siren}/${c.profile.slug}`}
                        prefetch={false}
                      >
                        {c.profile.displayName}
                      </Link>
                      <span style={{ display: 'block', fontWeight: 400 }}>
                        <Link
                          href={compareHref(sirens.filter((x) => x !== c.profile.siren))}
                          prefetch={false}
                          aria-label={`Retirer ${c.profile.displayName} de la comparaison`}
                        >
                          Retirer
                        </Link>
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {row('SIREN', (i) => formatSiren(cs[i]!.profile.siren))}
                {row('Situation', (i) => cs[i]!.profile.stateLabel)}
                {row('Forme juridique', (i) => cs[i]!.profile.legalForm.label ?? '—')}
                {row(
                  'Activité (NAF)',
                  (i) => cs[i]!.profile.naf.label ?? cs[i]!.profile.naf.code ?? '—',
                )}
                {row('Création', (i) => formatDate(cs[i]!.profile.creationDate))}
                {row('Siège', (i) => cs[i]!.profile.headOffice?.address.communeName ?? '—')}
                {row('Effectif', (i) => cs[i]!.profile.headcount.label ?? 'Non renseigné')}
                {row('Catégorie', (i) => cs[i]!.profile.category.label ?? '—')}
                {row('Capital social', (i) =>
                  cs[i]!.profile.capital ? formatMoney(cs[i]!.profile.capital!.amount) : '—',
                )}
                {row('Comptes comparés', (i) => {
                  const kind = cs[i]!.financials[0]?.series;
                  return kind === 'company'
                    ? 'Comptes sociaux'
                    : kind === 'consolidated'
                      ? 'Comptes consolidés du groupe'
                      : kind === 'unspecified'
                        ? 'Chiffres sans type de comptes'
                        : '—';
                })}
                {comparison.years.flatMap((year) => {
                  const fy = (i: number) => cs[i]!.financials.find((f) => f.fiscalYear === year);
                  return [
                    <tr key={`h-${year}`}>
                      <th
                        scope="rowgroup"
                        colSpan={cs.length + 1}
                        style={{ background: '#eef2f8' }}
                      >
                        Exercice {year}
                      </th>
                    </tr>,
                    <tr key={`r-${year}`}>
                      <th scope="row">Chiffre d&apos;affaires</th>
                      {cs.map((c, i) => (
                        <td key={c.profile.siren} className={s.num}>
                          {formatMoney(fy(i)?.revenue)}
                        </td>
                      ))}
                    </tr>,
                    <tr key={`n-${year}`}>
                      <th scope="row">Résultat net</th>
                      {cs.map((c, i) => (
                        <td key={c.profile.siren} className={s.num}>
                          {formatMoney(fy(i)?.netResult)}
                        </td>
                      ))}
                    </tr>,
                    <tr key={`m-${year}`}>
                      <th scope="row">Marge nette</th>
                      {cs.map((c, i) => (
                        <td key={c.profile.siren} className={s.num}>
                          {formatPercent(fy(i)?.netMargin)}
                        </td>
                      ))}
                    </tr>,
                  ];
                })}
              </tbody>
            </table>
          </div>
          <p className={s.note}>
            Chiffres des comptes sociaux lorsqu&apos;ils sont publiés, sinon des comptes consolidés.
            Sources : INSEE Sirene, INPI / BCE (ratios des comptes annuels).
          </p>
        </section>
      )}
    </div>
  );
}
