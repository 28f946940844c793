import { companySubPageRoute } from '../subPageRoute';
import { messages, t } from '@/i18n';
import { sectionById } from '@/registry/sections';
import { Empty, Section } from '@/ui/company/Section';

const m = messages.company.subPages.patents;

export default companySubPageRoute({
  route: 'brevets',
  title: m.title,
  describe: (p) => t('company', 'subPages.patents.describe', { name: p.displayName }),
  body: () => {
    return (
      <>
        <Section id="brevets" title={m.section}>
          <Empty>{sectionById('brevets').absentReason}</Empty>
          <p>{m.where}</p>
        </Section>
      </>
    );
  },
});
