import m from '@/i18n/fr/opposition';
import { failureMessage, isErrorCode } from '@/lib/errors';
import s from '@/ui/company/company.module.css';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = frameMetadataWithQuery('/opposition/confirmer', {
  title: m.confirm.title,
  description: m.confirm.explain,
  robots: { index: false, follow: false },
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function errorText(code: string): string {
  if (code === 'OPPOSITION_LINK_INVALID') return m.linkInvalid;
  if (code === 'OPPOSITION_LINK_EXPIRED') return m.linkExpired;
  if (code === 'SERVICE_UNAVAILABLE') return m.unavailable;
  return isErrorCode(code) ? failureMessage(code) : m.linkInvalid;
}

/**
 * Where the mailed link leads: a button that confirms (a POST), so that a mail scanner opening
 * the link confirms nothing. Then the outcome, from codes in the address.
 */
export default async function ConfirmOppositionPage({ searchParams }: Props) {
  const q = await searchParams;
  const token = one(q.jeton);
  const state = one(q.etat);
  const code = one(q.erreur);
  return (
    <div className={s.page}>
      <h1 className={s.title}>{m.confirm.title}</h1>
      {state === 'awaiting_review' ? (
        <p className={`${s.alert} ${s.success}`} role="status">
          {m.confirm.awaitingReview}
        </p>
      ) : code ? (
        <p className={s.alert} role="alert">
          {errorText(code.slice(0, 40))}
        </p>
      ) : token ? (
        <form className={s.form} method="post" action="/api/opposition/confirmation">
          <p>{m.confirm.explain}</p>
          <input type="hidden" name="jeton" value={token.slice(0, 200)} />
          <button className={s.button} type="submit">
            {m.confirm.button}
          </button>
        </form>
      ) : (
        <p className={s.alert} role="alert">
          {m.confirm.missing}
        </p>
      )}
    </div>
  );
}
