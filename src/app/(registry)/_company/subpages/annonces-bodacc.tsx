import { companySubPageRoute } from '../subPageRoute';
import { messages, t } from '@/i18n';
import { getReadDb } from '@/db';
import { attempt } from '@/registry/result';
import { listInsolvency, listNotices } from '@/registry/notices';
import { InsolvencySection, NoticesTimeline } from '@/ui/company/OtherSections';
import { Empty, Section, WhenLoaded } from '@/ui/company/Section';

const m = messages.company.subPages.notices;

export default companySubPageRoute({
  route: 'annonces-bodacc',
  title: m.title,
  describe: (p) => t('company', 'subPages.notices.describe', { name: p.displayName }),
  body: async (p) => {
    const db = getReadDb();
    const [notices, insolvency] = await Promise.all([
      attempt(() => listNotices(db, p, { limit: 500 })),
      attempt(() => listInsolvency(db, p.siren)),
    ]);
    return (
      <>
        <Section
          id="annonces"
          title={m.section}
          sources={notices.ok ? notices.value.items.slice(0, 1).map((n) => n.source) : []}
        >
          <WhenLoaded value={notices}>
            {(n) =>
              n.items.length ? <NoticesTimeline items={n.items} /> : <Empty>{m.none}</Empty>
            }
          </WhenLoaded>
        </Section>
        <InsolvencySection insolvency={insolvency} />
      </>
    );
  },
});
