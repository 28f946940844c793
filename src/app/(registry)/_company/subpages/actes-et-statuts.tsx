import { companySubPageRoute } from '../subPageRoute';
import { messages, t } from '@/i18n';
import { Empty, Section } from '@/ui/company/Section';

const m = messages.company.subPages.acts;

export default companySubPageRoute({
  route: 'actes-et-statuts',
  title: m.title,
  describe: (p) => t('company', 'subPages.acts.describe', { name: p.displayName }),
  body: (p) => {
    return (
      <>
        <Section id="actes" title={m.section}>
          <Empty>{p.isNaturalPerson ? m.naturalPerson : m.notYet}</Empty>
        </Section>
      </>
    );
  },
});
