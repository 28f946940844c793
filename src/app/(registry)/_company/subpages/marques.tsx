import { companySubPageRoute } from '../subPageRoute';
import { messages, t } from '@/i18n';
import { getReadDb } from '@/db';
import { attempt } from '@/registry/result';
import { listBrands } from '@/registry/brands';
import { BrandsTable } from '@/ui/company/OtherSections';
import { Empty, Section, WhenLoaded } from '@/ui/company/Section';

const m = messages.company.subPages.brands;

export default companySubPageRoute({
  route: 'marques',
  title: m.title,
  describe: (p) => t('company', 'subPages.brands.describe', { name: p.displayName }),
  body: async (p) => {
    const brands = await attempt(() => listBrands(getReadDb(), p.siren));
    return (
      <>
        <Section
          id="marques"
          title={m.section}
          sources={brands.ok ? brands.value.slice(0, 1).map((b) => b.source) : []}
        >
          <WhenLoaded value={brands}>
            {(b) => (b.length ? <BrandsTable brands={b} /> : <Empty>{m.none}</Empty>)}
          </WhenLoaded>
        </Section>
      </>
    );
  },
});
