import { companySubPageRoute } from '../subPageRoute';
import { messages, t } from '@/i18n';
import { getReadDb } from '@/db';
import { attempt } from '@/registry/result';
import {
  establishmentsCoverage,
  listEstablishments,
  parseEstablishmentFilter,
  parsePage,
} from '@/registry/establishments';
import { EstablishmentsList } from '@/ui/company/EstablishmentsSection';
import { Section, WhenLoaded } from '@/ui/company/Section';

const m = messages.company.subPages.establishments;

export default companySubPageRoute({
  route: 'liste-etablissements',
  title: m.title,
  describe: (p) => t('company', 'subPages.establishments.describe', { name: p.displayName }),
  body: async (p, query) => {
    const page = await attempt(() =>
      listEstablishments(getReadDb(), p, {
        page: parsePage(query.page),
        filter: parseEstablishmentFilter(query.statut),
      }),
    );
    return (
      <>
        {page.ok ? (
          // What the list for sale covers, against the registry's stated total: before payment.
          <p data-coverage="">
            {establishmentsCoverage(
              page.value.openCount + page.value.closedCount,
              p.establishmentCounts,
            )}
          </p>
        ) : null}
        <Section id="etablissements" title={m.section}>
          <WhenLoaded value={page}>
            {(data) => (
              <EstablishmentsList page={data} basePath={`/liste-etablissements/${p.siren}`} />
            )}
          </WhenLoaded>
        </Section>
      </>
    );
  },
});
