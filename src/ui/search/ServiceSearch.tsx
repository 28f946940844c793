import { documentSale } from '@/documents/sale';
import { ServiceArticleLinks } from '@/ui/content/ServiceArticle';
import { NotSold } from '@/ui/orders/NotSold';
import { SearchCombobox } from './SearchCombobox';
import { serviceOf, type ServicePath } from './servicePages';
import s from './search.module.css';
import { messages, t } from '@/i18n';

/** A service's search page: its title and a search box leading to {path}/resultats. */
export function ServiceSearch({ path }: { path: ServicePath }) {
  const service = serviceOf(path);
  const m = messages.search.service;
  const sale = service.orderKind ? documentSale(service.orderKind) : undefined;
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1 className={s.title}>{service.title}</h1>
        {service.description && <p className={s.lead}>{service.description}</p>}
        <p className={s.lead}>{m.lead}</p>
        <SearchCombobox
          action={`${path}/resultats`}
          label={t('search', 'service.boxLabel', { service: service.title })}
          placeholder={m.boxPlaceholder}
        />
        {sale && !sale.sold ? <NotSold label={sale.offer.label} official={sale.official} /> : null}
      </header>
      <ServiceArticleLinks servicePath={path.slice(1)} />
    </div>
  );
}
