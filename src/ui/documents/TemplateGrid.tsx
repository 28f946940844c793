import Link from 'next/link';
import type { TemplateSummary } from '@/documents/templates/types';
import { formatLongDate } from '@/documents/format';
import { interpolate } from '@/i18n/interpolate';
import m from '@/i18n/fr/documents';
import s from './documents.module.css';

export function TemplateGrid({ templates }: { templates: TemplateSummary[] }) {
  return (
    <ul className={s.grid}>
      {templates.map((t) => (
        <li key={t.id} className={s.card}>
          <h3>{t.title}</h3>
          <p>{t.summary}</p>
          <p className={s.meta}>
            {interpolate(m.updatedOn, { date: formatLongDate(t.updatedAt) })}
          </p>
          <Link href={`/documents/${t.id}`}>{m.open}</Link>
        </li>
      ))}
    </ul>
  );
}
