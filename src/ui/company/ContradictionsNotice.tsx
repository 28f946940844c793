import type { Result } from '@/lib/errors';
import type { ContradictionView } from '@/registry/contradictions';
import { formatDate } from './format';
import s from './company.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

/**
 * « Données contradictoires »: where two official sources disagree about the company, each
 * source's statement with its date. Nothing when they agree (or when the list could not be read).
 */
export function ContradictionsNotice({
  contradictions,
}: {
  contradictions: Result<ContradictionView[]>;
}) {
  if (!contradictions.ok || contradictions.value.length === 0) return null;
  const list = contradictions.value;
  return (
    <section
      className={`${s.section} ${s.warning}`}
      id="donnees-contradictoires"
      aria-labelledby="donnees-contradictoires-titre"
    >
      <h2 id="donnees-contradictoires-titre" className={s.sectionTitle}>
        Données contradictoires
      </h2>
      <p className={s.note}>
        {list.length > 1
          ? `Les sources officielles se contredisent sur ${list.length} points.`
          : 'Les sources officielles se contredisent sur un point.'}{' '}
        Nous montrons ce que dit chacune, avec la date de ses données ; la correction relève de
        l’administration qui tient le registre.
      </p>
      {list.map((c) => (
        <div key={c.rule}>
          <h3>{c.title}</h3>
          <p className={s.note}>{c.explanation}</p>
          <table className={s.table}>
            <caption>{c.title}</caption>
            <ColumnHeads labels={['Source', 'Ce qu’elle indique', 'Date des données']} />
            <tbody>
              {c.sides.map((side, i) => (
                <tr key={`${side.source}-${i}`}>
                  <th scope="row">{side.label}</th>
                  <td>{side.value ?? '—'}</td>
                  <td>{side.date ? formatDate(side.date) : 'non datée'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
