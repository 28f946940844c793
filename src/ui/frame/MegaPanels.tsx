'use client';
import Link from 'next/link';
import frame from '@/i18n/fr/frame';
import nav from '@/i18n/fr/nav';
import { arrowForwardIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import { CompactServicesGrid } from '@/ui/services-grid/CompactServicesGrid';
import { groupBusinessList } from './menus';
import s from './Header.module.css';

// Client Components rendered by MainNav from the catalogue and the message modules they import:
// the menus' links are in the HTML of every page (hidden until opened) and in a JavaScript chunk
// the browser keeps, not in every page's RSC payload.

/** Services mega-menu: the compact services grid. */
export function ServicesMegaPanel() {
  return (
    <>
      <CompactServicesGrid headingLevel={3} />
      <div className={s.panelFooter}>
        <Link href="/services">
          {frame.seeAllServices}
          <SvgIcon paths={arrowForwardIcon} size={18} />
        </Link>
      </div>
    </>
  );
}

/** Business-list mega-menu: entries grouped by type, each group with its icon. */
export function BusinessMegaPanel() {
  return (
    <div className={s.business}>
      {groupBusinessList(nav.businessList).map((group) => (
        <div key={group.type} data-business-type={group.type}>
          <h3 className={s.businessTitle}>
            <SvgIcon paths={group.icon} size={22} />
            {group.link ? <Link href={group.link}>{group.title}</Link> : group.title}
          </h3>
          <ul>
            {group.items.map((item) => (
              <li key={item.link + item.title}>
                <Link href={item.link} className={s.businessLink}>
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
