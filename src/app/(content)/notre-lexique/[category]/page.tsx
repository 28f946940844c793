import { notFound } from 'next/navigation';
import Link from 'next/link';
import { categories, category, inCategory, urlOf } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamicParams = false;
export function generateStaticParams() {
  return categories('lexique').map((c) => ({ category: c.slug }));
}

type Props = { params: Promise<{ category: string }> };

export async function generateMetadata({ params }: Props) {
  const c = category('lexique', (await params).category);
  return c ? pageMetadata(`/notre-lexique/${c.slug}`, c.title, c.description) : {};
}

/** First letter of a title, accents folded, for the A–Z index. */
function letterOf(title: string): string {
  const l =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')[0]
      ?.toUpperCase() ?? '#';
  return /[A-Z]/.test(l) ? l : '#';
}

export default async function LexiconCategory({ params }: Props) {
  const c = category('lexique', (await params).category);
  if (!c) notFound();
  const terms = inCategory('lexique', c.slug);
  const byLetter = new Map<string, typeof terms>();
  for (const t of terms) {
    const l = letterOf(t.title);
    byLetter.set(l, [...(byLetter.get(l) ?? []), t]);
  }
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Notre lexique', href: '/notre-lexique' },
          { name: c.title, href: `/notre-lexique/${c.slug}` },
        ]}
        title={c.title}
        lead={c.description}
      />
      <ul className={s.chips} aria-label="Autres catégories du lexique">
        {categories('lexique').map((o) => (
          <li key={o.slug}>
            <Link
              href={`/notre-lexique/${o.slug}`}
              aria-current={o.slug === c.slug ? 'page' : undefined}
            >
              {o.title}
            </Link>
          </li>
        ))}
      </ul>
      {terms.length ? (
        <>
          <ul className={s.letters} aria-label="Initiales">
            {[...byLetter.keys()].map((l) => (
              <li key={l}>
                <a href={`#lettre-${l}`}>{l}</a>
              </li>
            ))}
          </ul>
          {[...byLetter].map(([l, list]) => (
            <section key={l} aria-labelledby={`lettre-${l}`}>
              <h2 id={`lettre-${l}`} className={s.sectionTitle}>
                {l}
              </h2>
              <ul className={s.cards}>
                {list.map((t) => (
                  <li key={t.slug} className={s.card}>
                    <h3>
                      <Link href={urlOf('lexique', t)}>{t.title}</Link>
                    </h3>
                    <p>{t.description}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : (
        <p>
          Cette catégorie est en cours de rédaction.{' '}
          <Link href="/notre-lexique">Voir tout le lexique</Link>.
        </p>
      )}
    </div>
  );
}
