import { companySubPageRoute } from '../subPageRoute';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listEstablishments, parseEstablishmentFilter, parsePage } from '@/registry/establishments';
import { EstablishmentsList } from '@/ui/company/EstablishmentsSection';
import { Section, WhenLoaded } from '@/ui/company/Section';

export default companySubPageRoute({
  route: 'liste-etablissements',
  title: 'Établissements',
  describe: (p) =>
    `Siège et établissements de ${p.displayName} : SIRET, adresses, activités, ouverts et fermés.`,
  body: async (p, query) => {
    const page = await attempt(() =>
      listEstablishments(getDb(), p, {
        page: parsePage(query.page),
        filter: parseEstablishmentFilter(query.statut),
      }),
    );
    return (
      <>
        <Section id="etablissements" title="Liste des établissements">
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
