import Link from 'next/link';
import { entries, urlOf } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { JsonLd } from '@/ui/content/JsonLd';
import { pageMetadata } from '@/ui/content/metadata';
import { getEnv } from '@/config/env';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/dictionnaire-greffe',
  'Dictionnaire du greffe',
  'Les mots du greffe du tribunal de commerce et du registre du commerce et des sociétés, expliqués : immatriculation, dépôt d’actes, radiation…',
);

function letterOf(title: string): string {
  const l =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')[0]
      ?.toUpperCase() ?? '#';
  return /[A-Z]/.test(l) ? l : '#';
}

export default function Dictionary() {
  const terms = entries('dictionnaire');
  const byLetter = new Map<string, typeof terms>();
  for (const t of terms) {
    const l = letterOf(t.title);
    byLetter.set(l, [...(byLetter.get(l) ?? []), t]);
  }
  const site = getEnv().SITE_URL.replace(/\/$/, '');
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[{ name: 'Dictionnaire du greffe', href: '/dictionnaire-greffe' }]}
        title="Dictionnaire du greffe"
        lead="Le vocabulaire du registre du commerce et des sociétés et des formalités d’entreprise, de A à Z."
      />
      <p>
        <Link href="/notre-lexique/recherche">Rechercher un terme</Link> · Voir aussi{' '}
        <Link href="/notre-lexique">notre lexique</Link>
      </p>
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
          <dl>
            {list.map((t) => (
              <div key={t.slug}>
                <dt>
                  <Link href={urlOf('dictionnaire', t)}>{t.title}</Link>
                </dt>
                <dd>{t.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'DefinedTermSet',
          name: 'Dictionnaire du greffe',
          url: `${site}/dictionnaire-greffe`,
          hasDefinedTerm: terms.map((t) => ({
            '@type': 'DefinedTerm',
            name: t.title,
            description: t.description,
            url: `${site}${urlOf('dictionnaire', t)}`,
          })),
        }}
      />
    </div>
  );
}
