import Link from 'next/link';
import { getDb } from '@/db';
import { parseSiren } from '@/domain/siren';
import m from '@/i18n/fr/opposition';
import { captchaMessage } from '@/lib/captcha/server';
import { failureMessage, isErrorCode } from '@/lib/errors';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { getDirectorProfile } from '@/registry/directors';
import s from '@/ui/company/company.module.css';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';
import { OppositionForm } from '@/ui/opposition/OppositionForm';

export const dynamic = 'force-dynamic';

export const generateMetadata = frameMetadataWithQuery('/opposition', {
  title: m.metaTitle,
  description: m.metaDescription,
  robots: { index: false, follow: true },
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The French text of an error the form's handler sent back as a code (never as text). */
function errorText(code: string, key: string | undefined, rule: string | undefined): string {
  if (code === 'OPPOSITION_NOT_ALLOWED') return m.notAllowed;
  if (code === 'SERVICE_UNAVAILABLE') return m.unavailable;
  if (key && Object.hasOwn(m.fields, key)) return m.fields[key as keyof typeof m.fields];
  if (code === 'RATE_LIMITED' && rule && Object.hasOwn(RATE_LIMITS, rule))
    return RATE_LIMITS[rule as keyof typeof RATE_LIMITS].message;
  if (code.startsWith('CAPTCHA_') && isErrorCode(code))
    return captchaMessage(code as Parameters<typeof captchaMessage>[0]);
  return isErrorCode(code) ? failureMessage(code) : m.fields.refused;
}

export default async function OppositionPage({ searchParams }: Props) {
  const q = await searchParams;
  const directorId = one(q.dirigeant);
  // A mistyped number comes back as typed, to be corrected rather than retyped.
  const siren = parseSiren(one(q.siren) ?? '') ?? (one(q.siren) ?? '').slice(0, 20);
  const director = directorId
    ? await getDirectorProfile(getDb(), directorId).catch(() => null)
    : null;
  const code = one(q.erreur);
  const kind = one(q.type) ?? (director?.ok ? 'person' : 'company');
  return (
    <div className={s.page}>
      <h1 className={s.title}>{m.title}</h1>
      <p>{m.intro}</p>
      <p className={s.note}>
        {m.legalPersons} <Link href="/contact">{m.correctionLink}</Link>
      </p>
      {one(q.envoye) ? (
        <p className={`${s.alert} ${s.success}`} role="status">
          {m.sent}
        </p>
      ) : null}
      <OppositionForm
        kind={kind === 'person' ? 'person' : 'company'}
        siren={siren}
        director={director?.ok ? { id: director.value.id, name: director.value.name } : null}
        initialError={code ? errorText(code.slice(0, 40), one(q.champ), one(q.limite)) : null}
        initialNotAllowed={code === 'OPPOSITION_NOT_ALLOWED'}
      />
      <p className={s.note}>{m.note}</p>
    </div>
  );
}
