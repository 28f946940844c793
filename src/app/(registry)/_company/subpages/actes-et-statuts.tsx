import { companySubPageRoute } from '../subPageRoute';
import { getReadDb } from '@/db';
import { companyOrder } from '@/documents';
import { filingOrder } from '@/documents/choices';
import { listFilings } from '@/documents/providers/filings';
import { messages, t } from '@/i18n';
import { Empty, Section } from '@/ui/company/Section';
import { OrderButton } from '@/ui/orders/OrderButton';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

const m = messages.company.subPages.acts;

/**
 * /actes-et-statuts/{siren}: the filings INPI lists for the company (date, type, content), each
 * public act and set of accounts with its order button when INPI is connected here; otherwise
 * where to read them for free (INPI's public site), never an empty list posing as data.
 */
export default companySubPageRoute({
  route: 'actes-et-statuts',
  title: m.title,
  describe: (p) => t('company', 'subPages.acts.describe', { name: p.displayName }),
  body: async (p) => {
    if (p.isNaturalPerson) {
      return (
        <Section id="actes" title={m.section}>
          <Empty>{m.naturalPerson}</Empty>
        </Section>
      );
    }
    const filings = await listFilings(p.siren);
    if (!filings.loaded) {
      return (
        <Section id="actes" title={m.section}>
          <p data-testid="filings-not-loaded">{filings.reason}</p>
          <p>
            <a href={filings.source.url} rel="noopener noreferrer">
              {t('company', 'subPages.acts.inpiLink', { siren: p.siren })}
            </a>
          </p>
        </Section>
      );
    }
    // Each filing's button follows the one rule (`companyOrder`), as the order route does.
    const [acts, sheets] = await Promise.all([
      companyOrder(getReadDb(), 'acts', p.siren),
      companyOrder(getReadDb(), 'balance-sheets', p.siren),
    ]);
    return (
      <Section id="actes" title={m.section}>
        {filings.items.length === 0 ? (
          <Empty>{m.none}</Empty>
        ) : (
          <table data-testid="filings">
            <ColumnHeads
              labels={[m.columns.date, m.columns.type, m.columns.content, m.columns.order]}
            />
            <tbody>
              {filings.items.map((f) => {
                const offer = f.kind === 'act' ? acts : sheets;
                // Each filing its own body and resume key (the order resumed after sign-in).
                const order = filingOrder(f);
                return (
                  <tr key={`${f.kind}-${f.id}`}>
                    <td>{f.filedAt ?? m.noDate}</td>
                    <td>{f.type}</td>
                    <td>{f.content.join(', ')}</td>
                    <td>
                      {f.confidential ? (
                        m.confidential
                      ) : offer?.orderable ? (
                        <OrderButton
                          kind={offer.kind}
                          siren={p.siren}
                          priceCents={offer.priceCents}
                          body={order.body}
                          choice={order.key}
                        />
                      ) : (
                        offer?.reason
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <p>
          {t('company', 'subPages.acts.source', { source: filings.source.name })}{' '}
          <a href={filings.source.url} rel="noopener noreferrer">
            data.inpi.fr
          </a>
        </p>
      </Section>
    );
  },
});
