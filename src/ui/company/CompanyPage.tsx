import type { ReactNode } from 'react';
import type { CompanyPageData } from '@/registry/page-data';
import { searchedSources } from '@/registry/coverage';
import { sectionById, sectionOrders, visibleSections, type SectionId } from '@/registry/sections';
import { Breadcrumb, CompanyHeader } from './CompanyHeader';
import { DirectorsSection } from './DirectorsSection';
import { DocumentsSection } from './DocumentsSection';
import { EstablishmentsSection } from './EstablishmentsSection';
import { FinancesSection } from './FinancesSection';
import { IdentitySection } from './IdentitySection';
import { ScoresSection } from './ScoresSection';
import { ContradictionsNotice } from './ContradictionsNotice';
import { commitmentScore } from '@/registry/commitment-score';
import {
  ActsSection,
  AgreementsSection,
  BrandsSection,
  EmployeesSection,
  InsolvencySection,
  LabelsSection,
  NoticesSection,
  SimilarSection,
} from './OtherSections';
import s from './company.module.css';

/** Sections as declared in src/registry/sections.ts, each drawn by its component. */
/** What the page says of sources outside the registry's data, from the deployment. */
type PageOptions = { inpiConnected: boolean };

function renderSection(
  id: SectionId,
  d: CompanyPageData,
  path: string,
  opts: PageOptions,
): ReactNode {
  const p = d.profile;
  const searched = searchedSources(d.coverage, sectionById(id).sources);
  const orders = sectionOrders(id, d);
  switch (id) {
    case 'labels':
      return <LabelsSection labels={d.labels} />;
    case 'scores': {
      const score = d.labels.ok ? commitmentScore(p, d.labels.value) : null;
      return score ? <ScoresSection score={score} /> : null;
    }
    case 'identite':
      return <IdentitySection profile={p} />;
    case 'etablissements':
      return (
        <EstablishmentsSection
          siren={p.siren}
          headOffice={p.headOfficeAddress}
          establishments={d.establishments}
          basePath={path}
          orders={orders}
        />
      );
    case 'dirigeants':
      return (
        <DirectorsSection
          representatives={d.representatives}
          main={d.mainDirector}
          protectedPerson={p.protected && p.isNaturalPerson}
          network={{ siren: p.siren, name: p.displayName }}
          searched={searched}
          orders={orders}
        />
      );
    case 'finances':
      return (
        <FinancesSection
          siren={p.siren}
          financials={d.financials}
          searched={searched}
          orders={orders}
        />
      );
    case 'annonces':
      return (
        <NoticesSection siren={p.siren} notices={d.notices} searched={searched} orders={orders} />
      );
    case 'procedures':
      return <InsolvencySection insolvency={d.insolvency} searched={searched} />;
    case 'actes':
      return <ActsSection siren={p.siren} inpiConnected={opts.inpiConnected} />;
    case 'marques':
      return <BrandsSection siren={p.siren} brands={d.brands} searched={searched} />;
    case 'conventions':
      return <AgreementsSection agreements={d.agreements} searched={searched} />;
    case 'effectifs':
      return <EmployeesSection profile={p} />;
    case 'documents':
      return <DocumentsSection name={p.displayName} documents={d.documents} />;
    case 'similaires':
      return <SimilarSection similar={d.similar} />;
    default:
      return null;
  }
}

export function CompanyPage({
  data,
  path,
  inpiConnected = false,
}: {
  data: CompanyPageData;
  path: string;
  /** INPI connected here (src/documents/sale.ts): the acts section points to their list. */
  inpiConnected?: boolean;
}) {
  const sections = visibleSections(data);
  return (
    <div className={s.page}>
      <Breadcrumb
        items={[
          { label: 'Accueil', href: '/' },
          { label: 'Entreprises' },
          { label: data.profile.displayName },
        ]}
      />
      <CompanyHeader profile={data.profile} mainDirector={data.mainDirector} />
      <ContradictionsNotice contradictions={data.contradictions} />
      <div className={s.layout}>
        <nav className={s.toc} aria-label="Sections de la fiche">
          <p className={s.tocTitle}>Sur cette page</p>
          <ul>
            {sections.map((sec) => (
              <li key={sec.id}>
                <a href={`#${sec.id}`}>{sec.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {sections.map((sec) => (
            <div key={sec.id}>{renderSection(sec.id, data, path, { inpiConnected })}</div>
          ))}
        </div>
      </div>
    </div>
  );
}
