import { companySubPageRoute } from '../subPageRoute';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listInsolvency, listNotices } from '@/registry/notices';
import { InsolvencySection, NoticesTimeline } from '@/ui/company/OtherSections';
import { Empty, Section, WhenLoaded } from '@/ui/company/Section';

export default companySubPageRoute({
  route: 'annonces-bodacc',
  title: 'Annonces BODACC',
  describe: (p) =>
    `Annonces légales BODACC de ${p.displayName} : création, modifications, dépôts des comptes, procédures collectives, radiation.`,
  body: async (p) => {
    const db = getDb();
    const [notices, insolvency] = await Promise.all([
      attempt(() => listNotices(db, p, { limit: 500 })),
      attempt(() => listInsolvency(db, p.siren)),
    ]);
    return (
      <>
        <Section
          id="annonces"
          title="Annonces publiées au BODACC"
          sources={notices.ok ? notices.value.items.slice(0, 1).map((n) => n.source) : []}
        >
          <WhenLoaded value={notices}>
            {(n) =>
              n.items.length ? (
                <NoticesTimeline items={n.items} />
              ) : (
                <Empty>
                  Aucune annonce BODACC n&apos;est rattachée à ce SIREN dans nos données.
                </Empty>
              )
            }
          </WhenLoaded>
        </Section>
        <InsolvencySection insolvency={insolvency} />
      </>
    );
  },
});
