'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useReducer, useRef } from 'react';
import frame from '@/i18n/fr/frame';
import nav from '@/i18n/fr/nav';
import { expandMoreIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import { BusinessMegaPanel, ServicesMegaPanel } from './MegaPanels';
import { megaMenuReducer, type MegaMenuId } from './menuState';
import s from './Header.module.css';

const panels: Record<MegaMenuId, React.ReactNode> = {
  services: <ServicesMegaPanel />,
  businessList: <BusinessMegaPanel />,
};

/**
 * Desktop navigation (xl and up): opening one mega-menu closes the other; a click elsewhere,
 * Escape, choosing a link or a route change closes both. The menus' links come from the modules
 * it imports (./MegaPanels.tsx), not from props: props of a Client Component are serialized into
 * every page's RSC payload, an import is a JavaScript chunk the browser downloads once.
 */
export function MainNav() {
  const pages = nav.pages;
  const [open, dispatch] = useReducer(megaMenuReducer, null);
  const root = useRef<HTMLElement>(null);
  const pathname = usePathname();

  useEffect(() => dispatch({ type: 'closeAll' }), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) dispatch({ type: 'closeAll' });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      dispatch({ type: 'closeAll' });
      root.current?.querySelector<HTMLElement>(`[aria-controls="mega-${open}"]`)?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const closeOnLink = (e: React.MouseEvent) => {
    if ((e.target as Element).closest('a')) dispatch({ type: 'closeAll' });
  };

  return (
    <nav ref={root} className={s.nav} aria-label={frame.mainNavLabel}>
      <ul className={s.navList}>
        {pages.map((page) => (
          <li key={page.href}>
            {page.children ? (
              <button
                type="button"
                className={s.navItem}
                aria-expanded={open === page.children}
                aria-controls={`mega-${page.children}`}
                onClick={() => dispatch({ type: 'toggle', id: page.children! })}
                data-testid={`mega-trigger-${page.children}`}
              >
                {page.name}
                <SvgIcon paths={expandMoreIcon} size={20} />
              </button>
            ) : (
              <Link href={page.href} className={s.navItem}>
                {page.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {(Object.keys(panels) as MegaMenuId[]).map((id) => (
        <div
          key={id}
          id={`mega-${id}`}
          className={s.panel}
          hidden={open !== id}
          onClick={closeOnLink}
          data-testid={`mega-panel-${id}`}
        >
          {panels[id]}
        </div>
      ))}
    </nav>
  );
}
