import { companySubPageRoute } from '../subPageRoute';
import { messages, t } from '@/i18n';
import { getReadDb } from '@/db';
import { attempt } from '@/registry/result';
import { listFinancials } from '@/registry/finances';
import { FinancesBody } from '@/ui/company/FinancesSection';
import { Section, WhenLoaded } from '@/ui/company/Section';

const m = messages.company.subPages.accounts;

export default companySubPageRoute({
  route: 'comptes-annuels',
  title: m.title,
  describe: (p) => t('company', 'subPages.accounts.describe', { name: p.displayName }),
  body: async (p) => {
    const financials = await attempt(() => listFinancials(getReadDb(), p.siren));
    return (
      <>
        <Section
          id="finances"
          title={m.section}
          sources={financials.ok ? financials.value.slice(0, 1).map((y) => y.source) : []}
        >
          <WhenLoaded value={financials}>{(years) => <FinancesBody years={years} />}</WhenLoaded>
        </Section>
      </>
    );
  },
});
