import Link from 'next/link';
import { getDb } from '@/db';
import { HUB_LISTS, keyFigures } from '@/registry/hub';
import { ListHeader, EntryCards } from '@/ui/content/Article';
import { ContradictionFigures, KeyFiguresTable, LabelFigures } from '@/ui/content/KeyFigures';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamic = 'force-dynamic';

export const metadata = pageMetadata(
  '/hub-data',
  'Hub data : les chiffres des entreprises françaises',
  'Procédures collectives récentes, créations d’entreprises de la semaine par département, plus grands employeurs par secteur : des listes calculées sur nos données.',
);

export default async function HubData() {
  const figures = await keyFigures(getDb());
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[{ name: 'Hub data', href: '/hub-data' }]}
        title="Hub data"
        lead="Des listes calculées directement sur notre base, mise à jour à chaque import des registres publics (Sirene, BODACC, RNE). Chaque liste indique sa méthode et la date des données."
      />
      <EntryCards
        items={HUB_LISTS.map((l) => ({
          title: l.title,
          href: `/hub-data/list/${l.id}`,
          description: l.summary,
        }))}
      />
      <section className={s.section} aria-labelledby="key-figures">
        <h2 id="key-figures" className={s.sectionTitle}>
          Notre base en chiffres
        </h2>
        <KeyFiguresTable figures={figures} />
      </section>
      <section className={s.section} aria-labelledby="labels">
        <h2 id="labels" className={s.sectionTitle}>
          Labels et certifications
        </h2>
        <LabelFigures figures={figures} />
      </section>
      <section className={s.section} aria-labelledby="contradictions">
        <h2 id="contradictions" className={s.sectionTitle}>
          Données contradictoires entre registres
        </h2>
        <ContradictionFigures figures={figures} />
      </section>
      <p className={s.note}>
        Journalistes : retrouvez nos logos et ces chiffres dans le{' '}
        <Link href="/presse-media-kit">kit presse</Link>.
      </p>
    </div>
  );
}
