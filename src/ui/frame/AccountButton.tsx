import Link from 'next/link';
import { Icon } from '@/ui/icons/Icon';
import frame from '@/i18n/fr/frame';
import s from './AccountButton.module.css';

/**
 * The my-account button (spec section 2). Anonymous visitors go to /login; the logged-in branch
 * (/mon-compte, and the onboarding update on successful-payment paths) comes with accounts.
 * Renders in Server and Client Components alike (no hooks).
 */
export function accountHref(): string {
  return '/login';
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
  if (variant === 'icon') {
    return (
      <Link
        href={accountHref()}
        className={`${s.icon} ${className ?? ''}`}
        aria-label={frame.accountIconLabel}
        onClick={onNavigate}
        data-testid="account-button"
      >
        <Icon name="account" size={28} />
      </Link>
    );
  }
  return (
    <Link
      href={accountHref()}
      className={`${s.outlined} ${tone === 'dark' ? s.onDark : ''} ${className ?? ''}`}
      onClick={onNavigate}
      data-testid="account-button"
    >
      <Icon name="person" size={20} />
      {frame.account}
    </Link>
  );
}
