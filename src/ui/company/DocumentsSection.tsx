import Link from 'next/link';
import type { CompanyDocument } from '@/domain/catalogue/documents';
import { formatPrice } from '@/domain/catalogue';
import { formatsLabel } from '@/domain/catalogue/documents';
import type { Result } from '@/lib/errors';
import { messages, t } from '@/i18n';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';
import { Empty, Section, WhenLoaded } from './Section';
import s from './company.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

const m = messages.company.documents;

const COLUMNS = ['document', 'formats', 'price', 'order'] as const;

/**
 * The « Documents » section: the kinds deliverable for this company (the availability seam of
 * src/documents), with price and formats, each linking to its order page. Plain links, the same
 * HTML for every visitor: what is personal (already bought, a subscriber's quota) is for the
 * order pages, read in the browser.
 */
export function DocumentsSection({
  name,
  documents,
}: {
  name: string;
  documents: Result<CompanyDocument[]>;
}) {
  return (
    <Section id="documents" title={m.title} link={{ href: '/nos-tarifs', label: m.allPrices }}>
      <WhenLoaded value={documents}>
        {(docs) =>
          docs.length ? (
            <>
              <p className={s.muted}>{t('company', 'documents.lead', { name })}</p>
              <ScrollRegion label={m.title}>
                <table className={s.table}>
                  <ColumnHeads labels={COLUMNS.map((k) => m.columns[k])} />
                  <tbody>
                    {docs.map((d) => (
                      <tr key={d.kind} data-kind={d.kind}>
                        <th scope="row">{d.label}</th>
                        <td>{formatsLabel(d.formats)}</td>
                        <td>{formatPrice(d.priceCents)}</td>
                        <td>
                          <Link
                            href={d.href}
                            prefetch={false}
                            aria-label={t('company', 'documents.orderLabel', { document: d.label })}
                          >
                            {m.order}
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </>
          ) : (
            <Empty>{m.none}</Empty>
          )
        }
      </WhenLoaded>
      <p>
        <Link href="/documents" prefetch={false}>
          {m.templates}
        </Link>
      </p>
    </Section>
  );
}
