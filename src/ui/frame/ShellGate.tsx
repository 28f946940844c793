'use client';
import { usePathname } from 'next/navigation';
import { shellRulesFor } from './rules';
import s from './Header.module.css';

/**
 * Applies the per-path shell rules to the server-rendered header and footer. A Client Component
 * because the root layout stays mounted across client navigations while the path changes.
 */
export function ShellGate({
  part,
  children,
}: {
  part: 'header' | 'footer';
  children: React.ReactNode;
}) {
  const rules = shellRulesFor(usePathname() ?? '/');
  if (part === 'footer') return rules.footer ? children : null;
  if (rules.header === 'hidden') return null;
  return (
    <header
      className={`${s.header} ${rules.header === 'fixed' ? s.fixed : ''}`}
      data-header={rules.header}
    >
      {children}
    </header>
  );
}
