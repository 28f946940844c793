/**
 * What the four index pages show for their query parameters (code = NAF section letter or NAF
 * division, subclass = NAF class, department), as plain data for the pages to render.
 */
import type { Db } from '@/db/client';
import { formatSiren } from '@/domain/siren';
import { listIndexCompanies, listIndexDirectors, parseDepartment } from './indexes';
import { allDepartments, departmentLabel } from '@/domain/reference/departments';
import {
  allNafSections,
  isNafCode,
  nafCodesOfDivision,
  nafCodesOfSection,
  nafDivisionLabel,
  nafLabel,
  nafSectionLabel,
  nafSectionOf,
} from '@/domain/reference/naf';

export type IndexKind = 'entreprises' | 'dirigeants';
export type IndexAxis = 'secteur' | 'departement';

export type IndexModel = {
  title: string;
  intro: string;
  crumbs: Array<{ label: string; href?: string }>;
  links: Array<{ href: string; label: string; detail?: string }>;
  columns: boolean;
  pager?: { prev?: string; next?: string; page: number };
  empty?: string;
  notFound?: boolean;
};

const UNAVAILABLE_LIST =
  "Cette liste n'a pas pu être établie à temps ; réessayez dans un instant ou affinez par secteur.";

type Params = { code?: string; subclass?: string; department?: string; page?: number };

const WHO: Record<IndexKind, string> = { entreprises: 'Entreprises', dirigeants: 'Dirigeants' };

function href(kind: IndexKind, axis: IndexAxis, p: Params): string {
  const q = new URLSearchParams();
  if (p.code) q.set('code', p.code);
  if (p.subclass) q.set('subclass', p.subclass);
  if (p.department) q.set('department', p.department);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const qs = q.toString();
  return `/index-${kind}/${axis}${qs ? `?${qs}` : ''}`;
}

async function listing(
  db: Db,
  kind: IndexKind,
  filter: { nafCode?: string; department?: string },
  page: number,
) {
  if (kind === 'entreprises') {
    const r = await listIndexCompanies(db, filter, page);
    return {
      hasNext: r.hasNext,
      links: r.items.map((c) => ({
        href: `/entreprises/${c.siren}/${c.slug}`,
        label: c.name,
        detail: [`SIREN ${formatSiren(c.siren)}`, c.communeName, c.active ? null : 'cessée']
          .filter(Boolean)
          .join(' · '),
      })),
    };
  }
  const r = await listIndexDirectors(db, filter, page);
  return {
    hasNext: r.hasNext,
    links: r.items.map((d) => ({
      href: `/dirigeants/${encodeURIComponent(d.id)}/${d.slug}`,
      label: d.name,
      detail: [d.role, d.company].filter(Boolean).join(' · '),
    })),
  };
}

export async function indexModel(
  db: Db,
  kind: IndexKind,
  axis: IndexAxis,
  raw: Params,
): Promise<IndexModel> {
  const page = raw.page && raw.page > 0 && raw.page <= 1000 ? raw.page : 1;
  const who = WHO[kind];
  const root = { label: `Index des ${who.toLowerCase()}`, href: href(kind, axis, {}) };
  const department = parseDepartment(raw.department);
  if (axis === 'departement') {
    if (!department) {
      return {
        title: `${who} par département`,
        intro: `Choisissez un département pour voir les ${who.toLowerCase()} dont le siège s'y trouve.`,
        crumbs: [{ label: 'Accueil', href: '/' }, { label: root.label }],
        columns: true,
        links: allDepartments().map((d) => ({
          href: href(kind, axis, { department: d.code }),
          label: `${d.code} — ${d.label}`,
        })),
        notFound: !!raw.department,
      };
    }
    const name = departmentLabel(department) ?? department;
    const l = await listing(db, kind, { department }, page)
      .catch(() => null)
      .catch(() => null);
    return {
      title: `${who} du département ${name} (${department})`,
      intro:
        kind === 'entreprises'
          ? `Entreprises actives dont le siège est situé dans le département ${name}, par commune.`
          : `Dirigeants des entreprises dont le siège est situé dans le département ${name}.`,
      crumbs: [{ label: 'Accueil', href: '/' }, root, { label: name }],
      columns: false,
      links: l?.links ?? [],
      pager: {
        page,
        prev: page > 1 ? href(kind, axis, { department, page: page - 1 }) : undefined,
        next: l?.hasNext ? href(kind, axis, { department, page: page + 1 }) : undefined,
      },
      empty: l ? 'Aucun résultat pour ce département dans nos données.' : UNAVAILABLE_LIST,
    };
  }
  const subclass = raw.subclass && isNafCode(raw.subclass) ? raw.subclass : null;
  const code = raw.code?.trim().toUpperCase() ?? '';
  // `code` is a section letter ("C") or a division ("10", the first two digits of a NAF code).
  const division =
    !subclass && nafDivisionLabel(code) && nafCodesOfDivision(code).length > 0 ? code : null;
  const section = subclass
    ? nafSectionOf(subclass)
    : division
      ? nafSectionOf(division)
      : nafSectionLabel(code)
        ? code
        : null;
  if (!section) {
    return {
      title: `${who} par secteur d'activité`,
      intro: 'Choisissez un secteur (section de la nomenclature NAF), puis une activité.',
      crumbs: [{ label: 'Accueil', href: '/' }, { label: root.label }],
      columns: true,
      links: allNafSections().map((s) => ({
        href: href(kind, axis, { code: s.code }),
        label: `${s.code} — ${s.label}`,
      })),
      notFound: !!(raw.code || raw.subclass),
    };
  }
  const sectionLabel = nafSectionLabel(section) ?? section;
  const subclassLinks = (codes: ReadonlyArray<{ code: string; label: string }>) =>
    codes.map((n) => ({
      href: href(kind, axis, {
        code: section,
        subclass: n.code,
        department: department ?? undefined,
      }),
      label: `${n.code} — ${n.label}`,
    }));
  if (division) {
    const divisionLabel = nafDivisionLabel(division) ?? division;
    return {
      title: `${who} de la division « ${divisionLabel} » (${division})`,
      intro: 'Choisissez une activité (code NAF).',
      crumbs: [
        { label: 'Accueil', href: '/' },
        root,
        { label: sectionLabel, href: href(kind, axis, { code: section }) },
        { label: divisionLabel },
      ],
      columns: true,
      links: subclassLinks(nafCodesOfDivision(division)),
    };
  }
  if (!subclass) {
    return {
      title: `${who} du secteur « ${sectionLabel} »`,
      intro: 'Choisissez une activité (code NAF).',
      crumbs: [{ label: 'Accueil', href: '/' }, root, { label: sectionLabel }],
      columns: true,
      links: subclassLinks(nafCodesOfSection(section)),
    };
  }
  const label = nafLabel(subclass) ?? subclass;
  const l = await listing(
    db,
    kind,
    { nafCode: subclass, department: department ?? undefined },
    page,
  );
  const where = department
    ? ` dans le département ${departmentLabel(department) ?? department}`
    : '';
  return {
    title: `${who} : ${label} (${subclass})${where}`,
    intro:
      kind === 'entreprises'
        ? `Entreprises actives dont l'activité principale est « ${label} »${where}, les plus importantes d'abord.`
        : `Dirigeants des entreprises dont l'activité principale est « ${label} »${where}.`,
    crumbs: [
      { label: 'Accueil', href: '/' },
      root,
      { label: sectionLabel, href: href(kind, axis, { code: section }) },
      { label: subclass },
    ],
    columns: false,
    links: l?.links ?? [],
    pager: {
      page,
      prev:
        page > 1
          ? href(kind, axis, {
              code: section,
              subclass,
              department: department ?? undefined,
              page: page - 1,
            })
          : undefined,
      next: l?.hasNext
        ? href(kind, axis, {
            code: section,
            subclass,
            department: department ?? undefined,
            page: page + 1,
          })
        : undefined,
    },
    empty: l ? 'Aucun résultat pour cette activité dans nos données.' : UNAVAILABLE_LIST,
  };
}
