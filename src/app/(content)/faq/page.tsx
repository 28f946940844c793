import Link from 'next/link';
import { categories, entries } from '@/content';
import { plainText } from '@/content/markdown';
import { ListHeader } from '@/ui/content/Article';
import { JsonLd } from '@/ui/content/JsonLd';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/faq',
  'Questions fréquentes',
  'Commandes, documents officiels, compte, données et vie privée : les réponses aux questions les plus posées sur Registre.',
);

export default function Faq() {
  const all = entries('faq');
  return (
    <div className={`container ${s.page} ${s.faq}`}>
      <ListHeader
        trail={[{ name: 'Questions fréquentes', href: '/faq' }]}
        title="Questions fréquentes"
        lead="Vous ne trouvez pas la réponse ? Écrivez-nous depuis la page contact."
      />
      {categories('faq').map((c) => {
        const list = all.filter((e) => e.category === c.slug);
        if (!list.length) return null;
        return (
          <section key={c.slug} className={s.section} aria-labelledby={`faq-${c.slug}`}>
            <h2 id={`faq-${c.slug}`} className={s.sectionTitle}>
              {c.title}
            </h2>
            {list.map((q) => (
              <details key={q.slug} id={q.slug}>
                <summary>{q.title}</summary>
                <div className={s.prose} dangerouslySetInnerHTML={{ __html: q.html }} />
              </details>
            ))}
          </section>
        );
      })}
      <p>
        Une autre question ? <Link href="/contact">Contactez-nous</Link>.
      </p>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: all.map((q) => ({
            '@type': 'Question',
            name: q.title,
            acceptedAnswer: { '@type': 'Answer', text: plainText(q.html) },
          })),
        }}
      />
    </div>
  );
}
