import Link from 'next/link';
import { messages } from '@/i18n';
import { AccountButton } from './AccountButton';
import { DrawerLauncher } from './DrawerLauncher';
import { HeaderSearchSlot } from './HeaderSearchSlot';
import { Logo } from './Logo';
import { MainNav } from './MainNav';
import { BusinessMegaPanel, ServicesMegaPanel } from './MegaPanels';
import { ShellGate } from './ShellGate';
import { TopBar } from './TopBar';
import s from './Header.module.css';

/**
 * The page header: top bar, logo, main navigation (xl and up) or hamburger, search box (not on the
 * home page), account button.
 */
export function SiteHeader() {
  return (
    <ShellGate part="header">
      <TopBar />
      <div className={`container ${s.bar}`}>
        <Link
          href="/"
          className={s.home}
          aria-label={messages.frame.homeLinkLabel}
          data-testid="header-logo"
        >
          <Logo />
        </Link>
        <MainNav
          pages={messages.nav.pages}
          label={messages.frame.mainNavLabel}
          panels={{ services: <ServicesMegaPanel />, businessList: <BusinessMegaPanel /> }}
        />
        <HeaderSearchSlot />
        <div className={s.actions}>
          <AccountButton className={s.desktopAccount} />
          <DrawerLauncher />
        </div>
      </div>
    </ShellGate>
  );
}
