'use client';
import { lazy, Suspense, useState } from 'react';
import type { ReportSection } from '@/domain/error-reports';
import s from './company.module.css';

/**
 * « Signaler une erreur » under a section of the company page: the button only in the page's
 * first-load JavaScript; the dialog, its form and the captcha (ReportDialog.tsx) are a chunk
 * loaded on the click (issue 38).
 */
const loadDialog = () => import('./ReportDialog');
const ReportDialog = lazy(loadDialog);

export function ReportError({ section }: { section: ReportSection }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={s.reportButton}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        data-testid="report-open"
      >
        Signaler une erreur
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog section={section} onClosed={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
