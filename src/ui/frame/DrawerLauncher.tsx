'use client';
import { usePathname } from 'next/navigation';
import { Suspense, lazy, useState } from 'react';
import frame from '@/i18n/fr/frame';
import { menuIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import s from './Header.module.css';

const loadDrawer = () => import('./NavDrawer');
/** The drawer (MUI Drawer and Accordions) is only downloaded when the menu is first wanted. */
const NavDrawer = lazy(loadDrawer);

/** The hamburger shown below xl; opens the side drawer. */
export function DrawerLauncher() {
  const pathname = usePathname();
  // Open on the path where it was opened: a route change closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn !== null && openOn === pathname;
  const [wanted, setWanted] = useState(false);
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  return (
    <>
      <button
        type="button"
        className={s.burger}
        aria-label={frame.openMenu}
        aria-expanded={open}
        aria-controls={wanted ? 'nav-drawer' : undefined}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="drawer-open"
      >
        <SvgIcon paths={menuIcon} size={26} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
