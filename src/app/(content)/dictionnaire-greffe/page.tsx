import Link from 'next/link';
import { entries, urlOf } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { JsonLd } from '@/ui/content/JsonLd';
import { InitialSections } from '@/ui/content/ListPages';
import { pageMetadata } from '@/ui/content/metadata';
import { getEnv } from '@/config/env';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/dictionnaire-greffe',
  'Dictionnaire du greffe',
  'Les mots du greffe du tribunal de commerce et du registre du commerce et des sociétés, expliqués : immatriculation, dépôt d’actes, radiation…',
);

export default function Dictionary() {
  const terms = entries('dictionnaire');
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
      <InitialSections
        items={terms}
        list={(list) => (
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
        )}
      />
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
