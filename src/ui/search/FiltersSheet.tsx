'use client';

import { lazy, Suspense, useState } from 'react';
import m from '@/i18n/fr/filters';
import { interpolate } from '@/i18n/interpolate';
import s from './search.module.css';

const FiltersSheetDrawer = lazy(() => import('./FiltersSheetDrawer'));

/**
 * On a phone the filter panel is not beside the results: this button opens it in a sheet from
 * the bottom of the screen (MUI Drawer, loaded on the first tap). Hidden from 900 px up.
 */
export function FiltersSheet({
  count,
  children,
}: {
  /** Chosen filters, shown on the button. */
  count: number;
  /** The filter panel. */
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <div className={s.sheetButtonWrap}>
      <button
        type="button"
        className={s.secondaryButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {count > 0 ? interpolate(m.openSheetCount, { count }) : m.openSheet}
      </button>
      {asked && (
        <Suspense fallback={null}>
          <FiltersSheetDrawer open={open} onClose={() => setOpen(false)}>
            {children}
          </FiltersSheetDrawer>
        </Suspense>
      )}
    </div>
  );
}
