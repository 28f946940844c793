'use client';
import { usePathname } from 'next/navigation';
import { HeaderSearch } from '@/ui/search/HeaderSearch';
import s from './Header.module.css';

/**
 * The header's search box on every page but the home page, whose own large search box would
 * otherwise stand twice on one screen.
 */
export function HeaderSearchSlot() {
  if ((usePathname() ?? '/') === '/') return null;
  return (
    <div className={s.search}>
      <HeaderSearch />
    </div>
  );
}
