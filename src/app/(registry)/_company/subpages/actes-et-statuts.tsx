import { companySubPageRoute } from '../subPageRoute';
import { Empty, Section } from '@/ui/company/Section';

export default companySubPageRoute({
  route: 'actes-et-statuts',
  title: 'Actes et statuts',
  describe: (p) =>
    `Actes, statuts et procès-verbaux déposés par ${p.displayName} au Registre national des entreprises.`,
  body: (p) => {
    return (
      <>
        <Section id="actes" title="Actes et statuts déposés">
          <Empty>
            {p.isNaturalPerson
              ? 'Un entrepreneur individuel ne dépose pas de statuts.'
              : "Les actes et statuts déposés au Registre national des entreprises ne sont pas encore intégrés à nos données. Ils sont consultables gratuitement sur data.inpi.fr, avec le SIREN de l'entreprise."}
          </Empty>
        </Section>
      </>
    );
  },
});
