import { companySubPageRoute } from '../subPageRoute';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listFinancials } from '@/registry/finances';
import { FinancesBody } from '@/ui/company/FinancesSection';
import { Section, WhenLoaded } from '@/ui/company/Section';

export default companySubPageRoute({
  route: 'comptes-annuels',
  title: 'Comptes annuels',
  describe: (p) =>
    `Chiffre d'affaires, résultat net, EBE et marges de ${p.displayName} par exercice, d'après les comptes annuels publiés.`,
  body: async (p) => {
    const financials = await attempt(() => listFinancials(getDb(), p.siren));
    return (
      <>
        <Section
          id="finances"
          title="Chiffres clés par exercice"
          sources={financials.ok ? financials.value.slice(0, 1).map((y) => y.source) : []}
        >
          <WhenLoaded value={financials}>{(years) => <FinancesBody years={years} />}</WhenLoaded>
        </Section>
      </>
    );
  },
});
