import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { getTemplateForm } from '@/documents/reads';
import { templateById } from '@/documents/templates/catalogue';
import { formatPrice } from '@/domain/catalogue';
import { interpolate } from '@/i18n/interpolate';
import m from '@/i18n/fr/documents';
import { frameMetadata } from '@/ui/frame/metadata';
import { TemplateForm } from '@/ui/documents/TemplateForm';
import { formatLongDate } from '@/documents/format';
import s from '@/ui/documents/documents.module.css';

type Props = {
  params: Promise<{ documentId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { documentId } = await params;
  const t = templateById(documentId);
  return frameMetadata(
    `/documents/${documentId}`,
    t ? { title: t.title, description: t.summary } : {},
  );
}

export default async function Page({ params, searchParams }: Props) {
  const { documentId } = await params;
  const q = await searchParams;
  const siren = typeof q.siren === 'string' && q.siren.trim() ? q.siren.replace(/\s/g, '') : null;
  const r = await getTemplateForm(getDb(), documentId, siren);
  if (!r.ok) notFound();
  const { template, values, company, companyNotFound, priceCents } = r.value;
  return (
    <main className={s.page}>
      <h1>{template.title}</h1>
      <p className={s.intro}>{template.summary}</p>
      <p className={s.meta}>
        {interpolate(m.updatedOn, { date: formatLongDate(template.updatedAt) })}
      </p>
      <p className={s.notice}>{m.templateNotAdvice}</p>
      <form method="get" className={s.company} aria-label={m.companyLegend}>
        <div className={s.field}>
          <label htmlFor="siren">
            {m.sirenLabel} — {template.companyRole.toLowerCase()}
          </label>
          <input
            id="siren"
            name="siren"
            defaultValue={company?.siren ?? siren ?? ''}
            inputMode="numeric"
            maxLength={11}
            aria-describedby="siren-help"
          />
          <p id="siren-help" className={s.help}>
            {m.companyHelp}
          </p>
        </div>
        <button type="submit" className={s.secondary}>
          {m.prefill}
        </button>
      </form>
      {company ? (
        <p>{interpolate(m.prefilledFor, { name: company.name, siren: company.siren })}</p>
      ) : null}
      {companyNotFound ? <p className={s.error}>{m.companyNotFound}</p> : null}
      <TemplateForm
        key={company?.siren ?? 'none'}
        template={template}
        initial={values}
        siren={company?.siren ?? null}
        priceLabel={formatPrice(priceCents)}
      />
    </main>
  );
}
