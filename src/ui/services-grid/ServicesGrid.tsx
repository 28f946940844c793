import Link from 'next/link';
import {
  formatPrice,
  servicePriceCents,
  servicesFor,
  typesOf,
  type ServicesVariant,
} from '@/domain/catalogue';
import { isSold } from '@/documents/sale';
import { messages, t } from '@/i18n';
import { Icon } from '@/ui/icons/Icon';
import { accent, CompactServicesGrid } from './CompactServicesGrid';
import { ServiceTypeFilter } from './ServiceTypeFilter';
import s from './ServicesGrid.module.css';

/**
 * The services grid (spec section 2): full (pages, with the type filter), compact (header menu)
 * and vertical (side lists). A Server Component: the cards are plain links, and only the filter's
 * buttons run in the browser. Paths are never printed.
 */
export function ServicesGrid({
  variant,
  headingLevel = 3,
  withFilter = variant === 'full',
}: {
  variant: ServicesVariant;
  headingLevel?: 2 | 3 | 4;
  withFilter?: boolean;
}) {
  const list = servicesFor(variant);
  const Heading = `h${headingLevel}` as const;

  if (variant === 'compact') return <CompactServicesGrid headingLevel={headingLevel} />;

  if (variant === 'vertical') {
    return (
      <ul className={s.vertical} data-variant="vertical">
        {list.map((service) => (
          <li key={service.slug} style={accent(service.type)}>
            <Link href={service.link} className={s.verticalItem}>
              <strong>{service.title}</strong>
              <span>{service.altTitle}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  const cards = (
    <ul className={s.grid} data-variant="full">
      {list.map((service) => {
        const price = servicePriceCents(service);
        // A document not sold here shows no price: its page says where to get it.
        const sold = !service.orderKind || isSold(service.orderKind);
        return (
          <li
            key={service.slug}
            className={s.card}
            data-type={service.type}
            data-testid="service-card"
            style={accent(service.type)}
          >
            <span className={s.type}>{messages.services.types[service.type]}</span>
            <Heading className={s.title}>
              <Link href={service.link}>{service.title}</Link>
            </Heading>
            <p className={s.description}>{service.description}</p>
            <p className={s.price}>
              <span>
                {!sold
                  ? messages.services.notSold
                  : price === undefined
                    ? messages.services.free
                    : t('services', 'from', { price: formatPrice(price) })}
              </span>
              <Icon name="arrowForward" size={18} />
            </p>
          </li>
        );
      })}
    </ul>
  );

  if (!withFilter) return cards;
  return (
    <ServiceTypeFilter
      types={typesOf(list).map((type) => ({ type, label: messages.services.types[type] }))}
      allLabel={messages.services.all}
      groupLabel={messages.services.filterLabel}
    >
      {cards}
    </ServiceTypeFilter>
  );
}
