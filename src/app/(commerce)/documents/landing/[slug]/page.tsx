import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { templateSummaries } from '@/documents/templates/catalogue';
import type { TemplateGroup } from '@/documents/templates/types';
import m from '@/i18n/fr/documents';
import { frameMetadata } from '@/ui/frame/metadata';
import { TemplateGrid } from '@/ui/documents/TemplateGrid';
import s from '@/ui/documents/documents.module.css';

/** Landing pages for advertising and search: one per need, each leading to its templates. */
const LANDINGS: Record<string, { group: TemplateGroup; title: string; text: string }> = {
  'impayes-et-recouvrement': {
    group: 'recouvrement',
    title: 'Un client ne paie pas ? Relancez-le, puis mettez-le en demeure',
    text: 'Une relance courtoise, puis une mise en demeure par lettre recommandée : deux étapes qui règlent la plupart des impayés entre professionnels, et un préalable utile avant une injonction de payer. Nos modèles rappellent les pénalités de retard et l’indemnité forfaitaire de 40 euros prévues par le code de commerce.',
  },
  'vie-de-la-societe': {
    group: 'societe',
    title: 'Approbation des comptes, démission d’un gérant : les actes de la vie sociale',
    text: 'Procès-verbal d’assemblée, lettre de démission : des modèles pré-remplis avec la dénomination, le siège et l’immatriculation de votre société.',
  },
  'contrats-entre-entreprises': {
    group: 'contrats',
    title: 'Contrat de prestation, accord de confidentialité : sécurisez vos relations d’affaires',
    text: 'Des contrats clairs, conformes au droit français, pré-remplis avec les informations publiques de votre partenaire.',
  },
  'attestations-et-pouvoirs': {
    group: 'attestations',
    title: 'Attestations et pouvoirs prêts à signer',
    text: 'Attestation de domiciliation, pouvoir pour une démarche : remplissez, téléchargez en Word et en PDF, signez.',
  },
};

type Props = { params: Promise<{ slug: string }> };

export function generateStaticParams() {
  return Object.keys(LANDINGS).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const l = LANDINGS[slug];
  return frameMetadata(
    `/documents/landing/${slug}`,
    l ? { title: l.title, description: l.text } : {},
  );
}

export default async function Page({ params }: Props) {
  const { slug } = await params;
  const l = LANDINGS[slug];
  if (!l) notFound();
  return (
    <main className={s.page}>
      <h1>{l.title}</h1>
      <p className={s.intro}>{l.text}</p>
      <TemplateGrid templates={templateSummaries().filter((t) => t.group === l.group)} />
      <p className={s.notice}>{m.templateNotAdvice}</p>
      <p>
        <Link href="/documents">{m.catalogueTitle}</Link>
      </p>
    </main>
  );
}
