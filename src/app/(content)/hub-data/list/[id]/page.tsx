import { notFound } from 'next/navigation';
import Link from 'next/link';
import { getDb } from '@/db';
import { hubList, loadHubList } from '@/registry/hub';
import { ListHeader } from '@/ui/content/Article';
import { frenchDate } from '@/ui/content/format';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const info = hubList((await params).id);
  return info ? pageMetadata(`/hub-data/list/${info.id}`, info.title, info.summary) : {};
}

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export default async function HubList({ params }: Props) {
  const list = await loadHubList(getDb(), (await params).id);
  if (!list) notFound();
  const { info } = list;
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Hub data', href: '/hub-data' },
          { name: info.title, href: `/hub-data/list/${info.id}` },
        ]}
        title={info.title}
        lead={info.summary}
      />
      <p className={s.meta}>
        <span>
          Données au {list.dataDate ? frenchDate(`${list.dataDate}T00:00:00Z`) : 'date inconnue'}
        </span>
        <span>Calculé le {dateTime.format(new Date(list.computedAt))}</span>
      </p>
      {list.unavailable ? (
        <p className={s.alert} role="status">
          Cette liste n’a pas pu être calculée à temps. Réessayez dans quelques instants.
        </p>
      ) : list.rows.length ? (
        <div style={{ overflowX: 'auto' }}>
          <table className={s.table}>
            <thead>
              <tr>
                {list.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>
                      {typeof cell === 'string' ? (
                        cell
                      ) : (
                        <Link href={cell.href} prefetch={false}>
                          {cell.name}
                        </Link>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Notre base ne contient pas encore de données pour cette liste.</p>
      )}
      <section className={s.section} aria-labelledby="methode">
        <h2 id="methode" className={s.sectionTitle}>
          Méthode
        </h2>
        <p>{info.method}</p>
        <p className={s.note}>
          Sources : répertoire Sirene (INSEE), BODACC (DILA), registre national des entreprises
          (INPI), données ouvertes sous Licence Ouverte 2.0.
        </p>
      </section>
      <p>
        <Link href="/hub-data">Toutes les listes du hub data</Link>
      </p>
    </div>
  );
}
