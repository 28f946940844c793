import type { Metadata } from 'next';
import { templateSummaries } from '@/documents/templates/catalogue';
import { templateGroups } from '@/documents/templates/types';
import m from '@/i18n/fr/documents';
import { frameMetadata } from '@/ui/frame/metadata';
import { TemplateGrid } from '@/ui/documents/TemplateGrid';
import s from '@/ui/documents/documents.module.css';

export const metadata: Metadata = frameMetadata('/documents', {
  title: m.catalogueTitle,
  description: m.catalogueIntro,
});

export default function Page() {
  const all = templateSummaries();
  return (
    <main className={s.page}>
      <h1>{m.catalogueTitle}</h1>
      <p className={s.intro}>{m.catalogueIntro}</p>
      <p className={s.notice}>{m.templateNotAdvice}</p>
      {Object.entries(templateGroups).map(([group, label]) => (
        <section key={group} aria-labelledby={`g-${group}`}>
          <h2 id={`g-${group}`}>{label}</h2>
          <TemplateGrid templates={all.filter((t) => t.group === group)} />
        </section>
      ))}
    </main>
  );
}
