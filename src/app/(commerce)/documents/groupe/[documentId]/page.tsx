import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { templateSummaries } from '@/documents/templates/catalogue';
import { templateGroups, type TemplateGroup } from '@/documents/templates/types';
import m from '@/i18n/fr/documents';
import { frameMetadata } from '@/ui/frame/metadata';
import { TemplateGrid } from '@/ui/documents/TemplateGrid';
import s from '@/ui/documents/documents.module.css';

type Props = { params: Promise<{ documentId: string }> };

const isGroup = (g: string): g is TemplateGroup => Object.hasOwn(templateGroups, g);

export function generateStaticParams() {
  return Object.keys(templateGroups).map((documentId) => ({ documentId }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { documentId } = await params;
  return frameMetadata(
    `/documents/groupe/${documentId}`,
    isGroup(documentId) ? { title: `Modèles : ${templateGroups[documentId]}` } : {},
  );
}

/** One group of templates (the `documentId` segment names the group). */
export default async function Page({ params }: Props) {
  const { documentId } = await params;
  if (!isGroup(documentId)) notFound();
  return (
    <main className={s.page}>
      <h1>{templateGroups[documentId]}</h1>
      <p className={s.notice}>{m.templateNotAdvice}</p>
      <TemplateGrid templates={templateSummaries().filter((t) => t.group === documentId)} />
    </main>
  );
}
