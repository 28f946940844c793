import Link from 'next/link';
import { messages } from '@/i18n';
import { Icon } from '@/ui/icons/Icon';
import { ServicesGrid } from '@/ui/services-grid/ServicesGrid';
import { groupBusinessList } from './menus';
import s from './Header.module.css';

/** Services mega-menu: the compact services grid. Server-rendered, shown by MainNav. */
export function ServicesMegaPanel() {
  return (
    <>
      <ServicesGrid variant="compact" headingLevel={3} />
      <div className={s.panelFooter}>
        <Link href="/services">
          {messages.frame.seeAllServices}
          <Icon name="arrowForward" size={18} />
        </Link>
      </div>
    </>
  );
}

/** Business-list mega-menu: entries grouped by type, each group with its icon. */
export function BusinessMegaPanel() {
  return (
    <div className={s.business}>
      {groupBusinessList(messages.nav.businessList).map((group) => (
        <div key={group.type} data-business-type={group.type}>
          <h3 className={s.businessTitle}>
            <Icon name={group.icon} size={22} />
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
