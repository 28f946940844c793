'use client';
import Link from 'next/link';
import frame from '@/i18n/fr/frame';
import { AccountButton } from './AccountButton';
import { DrawerLauncher } from './DrawerLauncher';
import { HeaderSearchSlot } from './HeaderSearchSlot';
import { Logo } from './Logo';
import { MainNav } from './MainNav';
import { ShellGate } from './ShellGate';
import { TopBar, type Review } from './TopBar';
import s from './Header.module.css';

/**
 * The page header: top bar, logo, main navigation (xl and up) or hamburger, search box (not on the
 * home page), account button. A Client Component that imports its texts and menus: the RSC
 * payload of every page carries its two settings, not its elements (the server renders its HTML
 * from the same code without serializing it first).
 */
export function SiteHeader({
  review,
  supportEmail,
}: {
  review: Review | null;
  supportEmail: string;
}) {
  return (
    <ShellGate part="header">
      <TopBar review={review} supportEmail={supportEmail} />
      <div className={`container ${s.bar}`}>
        <Link
          href="/"
          className={s.home}
          aria-label={frame.homeLinkLabel}
          data-testid="header-logo"
        >
          <Logo />
        </Link>
        <MainNav />
        <HeaderSearchSlot />
        <div className={s.actions}>
          <AccountButton className={s.desktopAccount} />
          <DrawerLauncher />
        </div>
      </div>
    </ShellGate>
  );
}
