import type { Metadata } from 'next';
import Link from 'next/link';
import { documentOffers, formatsLabel, producerLabel } from '@/domain/catalogue/documents';
import { documentSale } from '@/documents/sale';
import { formatPrice } from '@/domain/catalogue';
import m from '@/i18n/fr/documents';
import { frameMetadata } from '@/ui/frame/metadata';
import s from '@/ui/documents/documents.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';
import { OfficialWayInline } from '@/ui/orders/NotSold';

export const metadata: Metadata = frameMetadata('/documents-b2b', {
  title: m.b2bTitle,
  description: m.b2bIntro,
});

const COLUMNS = ['document', 'contents', 'sources', 'formats', 'producer', 'price'] as const;

/** Every document we sell, described before payment from the catalogue's one table. */
export default function Page() {
  return (
    <main className={s.page}>
      <h1>{m.b2bTitle}</h1>
      <p className={s.intro}>{m.b2bIntro}</p>
      <table className={s.table}>
        <ColumnHeads labels={COLUMNS.map((k) => m.columns[k])} />
        <tbody>
          {documentOffers().map((o) => {
            const sale = documentSale(o.kind)!;
            return (
              <tr key={o.kind} data-sold={sale.sold}>
                <th scope="row">{o.label}</th>
                <td>
                  {o.contents}
                  {o.notOfficial ? <p className={s.meta}>{o.notOfficial}</p> : null}
                </td>
                <td>
                  {o.sources.join(' ; ')}
                  <p className={s.meta}>{o.dates}</p>
                </td>
                <td>{formatsLabel(o.formats)}</td>
                <td>{producerLabel(o.producer)}</td>
                <td>
                  {sale.sold ? (
                    formatPrice(o.priceCents)
                  ) : (
                    <>
                      {m.notSold}
                      <p className={s.meta}>
                        <OfficialWayInline official={sale.official} />
                      </p>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <Link href="/documents">{m.customTemplates}</Link>
      </p>
    </main>
  );
}
