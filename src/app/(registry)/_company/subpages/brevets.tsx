import { companySubPageRoute } from '../subPageRoute';
import { sectionById } from '@/registry/sections';
import { Empty, Section } from '@/ui/company/Section';

export default companySubPageRoute({
  route: 'brevets',
  title: 'Brevets',
  describe: (p) => `Brevets de ${p.displayName} : où les consulter.`,
  body: () => {
    return (
      <>
        <Section id="brevets" title="Brevets">
          <Empty>{sectionById('brevets').absentReason}</Empty>
          <p>
            Les brevets français et européens se consultent gratuitement sur data.inpi.fr et sur
            Espacenet (Office européen des brevets).
          </p>
        </Section>
      </>
    );
  },
});
