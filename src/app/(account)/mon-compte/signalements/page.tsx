import t from '@/i18n/fr/account';
import { ErrorReportsTriage } from '@/ui/account/ErrorReportsTriage';
import { frameMetadata } from '@/ui/frame/metadata';

/** Rendered per request and never indexed: the operators' page (src/ui/account/ErrorReportsTriage). */
export const dynamic = 'force-dynamic';

export const metadata = frameMetadata('/mon-compte/signalements', {
  title: t.reports.title,
  robots: { index: false, follow: false },
});

/** Static shell; the reports load in the browser, for operators only (GET /api/error-reports). */
export default function ErrorReportsPage() {
  return <ErrorReportsTriage />;
}
