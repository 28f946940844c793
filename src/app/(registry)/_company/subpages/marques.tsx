import { companySubPageRoute } from '../subPageRoute';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listBrands } from '@/registry/brands';
import { BrandsTable } from '@/ui/company/OtherSections';
import { Empty, Section, WhenLoaded } from '@/ui/company/Section';

export default companySubPageRoute({
  route: 'marques',
  title: 'Marques',
  describe: (p) =>
    `Marques déposées par ${p.displayName} à l'INPI : numéros, dates de dépôt, statuts et classes.`,
  body: async (p) => {
    const brands = await attempt(() => listBrands(getDb(), p.siren));
    return (
      <>
        <Section
          id="marques"
          title="Marques déposées à l'INPI"
          sources={brands.ok ? brands.value.slice(0, 1).map((b) => b.source) : []}
        >
          <WhenLoaded value={brands}>
            {(b) =>
              b.length ? (
                <BrandsTable brands={b} />
              ) : (
                <Empty>
                  Aucune marque déposée par cette entreprise ne figure dans nos données INPI.
                </Empty>
              )
            }
          </WhenLoaded>
        </Section>
      </>
    );
  },
});
