'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { accountIcon, personIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import frame from '@/i18n/fr/frame';
import s from './AccountButton.module.css';

/**
 * The my-account button (spec section 2): anonymous visitors go to /login, logged-in users to
 * /mon-compte. The state is read in the browser after the page (the readable `registre_connecte`
 * hint cookie the account routes set), so that every page stays the same HTML for everyone and
 * cacheable: the server never reads a cookie for the frame.
 */
const LOGGED_IN = /(?:^|;\s*)registre_connecte=1(?:;|$)/;

export function accountHref(loggedIn = false): string {
  return loggedIn ? '/mon-compte' : '/login';
}

const noSubscription = () => () => {};

/** False on the server and at hydration, then the hint cookie; read again on each navigation. */
function useLoggedIn(): boolean {
  usePathname();
  return useSyncExternalStore(
    noSubscription,
    () => LOGGED_IN.test(document.cookie),
    () => false,
  );
}

export function AccountButton({
  variant = 'outlined',
  tone = 'light',
  className,
  onNavigate,
}: {
  variant?: 'outlined' | 'icon';
  tone?: 'light' | 'dark';
  className?: string;
  onNavigate?: () => void;
}) {
  const href = accountHref(useLoggedIn());
  if (variant === 'icon') {
    return (
      <Link
        href={href}
        className={`${s.icon} ${className ?? ''}`}
        aria-label={frame.accountIconLabel}
        onClick={onNavigate}
        data-testid="account-button"
      >
        <SvgIcon paths={accountIcon} size={28} />
      </Link>
    );
  }
  return (
    <Link
      href={href}
      className={`${s.outlined} ${tone === 'dark' ? s.onDark : ''} ${className ?? ''}`}
      onClick={onNavigate}
      data-testid="account-button"
    >
      <SvgIcon paths={personIcon} size={20} />
      {frame.account}
    </Link>
  );
}
