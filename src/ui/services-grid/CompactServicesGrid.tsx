import Link from 'next/link';
import { servicesFor, type ServiceType } from '@/domain/catalogue';
import { groupServices } from '@/ui/frame/menus';
import { serviceColorVar } from '@/ui/theme/cssVariables';
import s from './ServicesGrid.module.css';

/** The style that gives a group its type's colour (`--accent`, ServicesGrid.module.css). */
export const accent = (type: ServiceType) =>
  ({ '--accent': serviceColorVar(type) }) as React.CSSProperties;

/**
 * The compact services grid (the header's services menu, spec section 2): the services grouped
 * by type, each a plain link. No server-only import: the header's Client Components render it
 * from the catalogue they import (src/ui/frame/MegaPanels.tsx).
 */
export function CompactServicesGrid({ headingLevel = 3 }: { headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={s.compact} data-variant="compact">
      {groupServices(servicesFor('compact')).map((group) => (
        <div key={group.type} style={accent(group.type)}>
          <Heading className={s.groupTitle}>{group.title}</Heading>
          <ul>
            {group.services.map((service) => (
              <li key={service.slug}>
                <Link href={service.link} className={s.compactLink}>
                  {service.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
