import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { CompanyState } from '@/domain/company-state';
import { slugify } from '@/domain/slug';
import { failure, success, type Result } from '@/lib/errors';
import type { CompanyProfile } from './company';
import { COMPANY_STATE } from '@/domain/sql-fragments';
import {
  DIRECTOR_COLUMNS,
  directorLabel,
  isDistinctPersonKey,
  type DirectorRow,
} from './directors';
import { LISTABLE, personOpposed } from './opposition';
import { clean, sourceRef, type SourceRef } from './result';

/**
 * The director network map (issue 28): from a company or a person, the companies the people lead
 * and their other directors, hop by hop. The privacy rules are the director pages' (directors.ts,
 * opposition.ts), applied to every row of every hop:
 * - people are told apart by their person key (name, first first name, birth year-month): a person
 *   without a birth month-year is never merged with homonyms, so their node holds one mandate;
 * - birth month and year only; a person whose opposition is honoured is left out entirely;
 * - a company whose name may not be listed (a protected sole trader, a company-wide opposition) is
 *   left out, and so are its directors (a protected sole trader's page lists none).
 * Legal-person directors are companies: they are followed through to their own directors, and a
 * company's node leads to the companies it directs as a legal person.
 */

/** Neighbours read per node expanded; beyond, the node is marked `truncated`. */
export const NETWORK_PER_NODE = 30;
/** Nodes in one answer at most; beyond, the answer is marked `truncated`. */
export const NETWORK_MAX_NODES = 150;
export const NETWORK_MAX_DEPTH = 2;

type NodeBase = {
  id: string;
  name: string;
  /** Hops from the centre (0 for the centre). */
  hop: number;
  /** Its neighbours are all in this answer (up to the per-node cap); otherwise expand it. */
  expanded: boolean;
  /** It has more neighbours than the per-node cap: only the first ones are given. */
  truncated: boolean;
  /** Its page on the site, when it has one. */
  href: string | null;
};

export type CompanyNode = NodeBase & {
  kind: 'company';
  siren: string;
  /** The company is in our data (a legal-person director may not be). */
  held: boolean;
  state: CompanyState | null;
};

export type PersonNode = NodeBase & {
  kind: 'person';
  /** A mandate id of this person: `/api/directors/{directorId}/network` expands the node. */
  directorId: string;
  birth: { year: number; month: number | null } | null;
};

export type NetworkNode = CompanyNode | PersonNode;

/** A mandate: `source` (a person or a legal person) directs `target` (a company). */
export type NetworkEdge = {
  id: string;
  source: string;
  target: string;
  role: string;
  startDate: string | null;
  endDate: string | null;
  current: boolean;
  origin: SourceRef;
};

export type Network = {
  center: string;
  depth: number;
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  /** Some node had more neighbours than the cap, or the answer reached its node cap. */
  truncated: boolean;
  limits: { perNode: number; nodes: number };
};

const companyNodeId = (siren: string) => `c:${siren}`;

function personNodeId(row: Pick<DirectorRow, 'id' | 'person_key'>): string {
  return isDistinctPersonKey(row.person_key) ? `p:${row.person_key}` : `m:${row.id}`;
}

const companyHref = (siren: string, name: string) =>
  `/entreprises/${siren}/${slugify(name) || 'entreprise'}`;

type CompanyCols = {
  c_siren: string | null;
  c_name: string | null;
  c_state: CompanyState | null;
  c_listable: boolean | null;
};

const NO_COMPANY: CompanyCols = { c_siren: null, c_name: null, c_state: null, c_listable: null };

/** Name, state and listability of `companies c` (null columns when the company is not held). */
const COMPANY_COLS = sql`c.siren AS c_siren,
  COALESCE(NULLIF(trim(c.name), ''), NULLIF(trim(concat_ws(' ', c.first_names, c.last_name)), '')) AS c_name,
  ${COMPANY_STATE} AS c_state, ${LISTABLE} AS c_listable`;

const json = (values: string[]) => sql`${JSON.stringify(values)}::jsonb`;

type FromRow<K extends string> = DirectorRow & CompanyCols & Record<K, string>;

/** The directors of these companies (people and legal persons), `cap + 1` each at most. */
function directorsOf(db: Db, sirens: string[], cap: number) {
  return queryRows<FromRow<'from_siren'>>(
    db,
    sql`SELECT k.s AS from_siren, ${DIRECTOR_COLUMNS}, x.*
        FROM jsonb_array_elements_text(${json(sirens)}) AS k(s)
        CROSS JOIN LATERAL (
          SELECT d.* FROM directors d
          WHERE d.siren = k.s::bpchar AND NOT ${personOpposed(sql`d.person_key`)}
          ORDER BY (d.end_date IS NOT NULL), d.kind DESC, d.id
          LIMIT ${cap + 1}) d
        LEFT JOIN LATERAL (SELECT ${COMPANY_COLS} FROM companies c
                           WHERE c.siren = d.director_siren) x ON true`,
    { prepared: true },
  );
}

/**
 * For each of `keys`, the mandates `match` picks (with `k.key` the key) in companies that may be
 * listed, in `order`, `cap + 1` each at most; the key comes back as the column `from`.
 */
function listableMandates<K extends string>(
  db: Db,
  from: K,
  keys: string[],
  match: SQL,
  order: SQL,
  cap: number,
) {
  return queryRows<FromRow<K>>(
    db,
    sql`SELECT k.key AS ${sql.identifier(from)}, d.*
        FROM jsonb_array_elements_text(${json(keys)}) AS k(key)
        CROSS JOIN LATERAL (
          SELECT ${DIRECTOR_COLUMNS}, ${COMPANY_COLS}
          FROM directors d JOIN companies c ON c.siren = d.siren
          WHERE ${match} AND ${LISTABLE}
          ORDER BY ${order}
          LIMIT ${cap + 1}) d`,
    { prepared: true },
  );
}

/** The companies these companies direct as legal persons, `cap + 1` each at most. */
const ledBy = (db: Db, sirens: string[], cap: number) =>
  listableMandates(
    db,
    'from_siren',
    sirens,
    sql`d.director_siren = k.key::bpchar AND d.kind = 'company'`,
    sql`(d.end_date IS NOT NULL), d.siren`,
    cap,
  );

/** The mandates of these people (person keys), in companies that may be listed. */
const mandatesOf = (db: Db, keys: string[], cap: number) =>
  listableMandates(
    db,
    'from_key',
    keys,
    sql`d.person_key = k.key`,
    sql`(d.end_date IS NOT NULL), d.start_date DESC NULLS LAST, d.siren`,
    cap,
  );

/** The one mandate of a person who cannot be told apart from homonyms. */
function mandateById(db: Db, id: string) {
  return queryRows<FromRow<'from_key'>>(
    db,
    sql`SELECT d.id AS from_key, ${DIRECTOR_COLUMNS}, ${COMPANY_COLS}
        FROM directors d JOIN companies c ON c.siren = d.siren
        WHERE d.id = ${id} AND ${LISTABLE}`,
    { prepared: true },
  );
}

class Graph {
  nodes = new Map<string, NetworkNode>();
  edges = new Map<string, NetworkEdge>();
  truncated = false;

  constructor(readonly maxNodes: number) {}

  /** Adds a node unless present; false when the node cap refuses it. */
  add(node: NetworkNode): NetworkNode | null {
    const known = this.nodes.get(node.id);
    if (known) return known;
    if (this.nodes.size >= this.maxNodes) {
      this.truncated = true;
      return null;
    }
    this.nodes.set(node.id, node);
    return node;
  }

  /** A company node from a row's `c_` columns; null when it may not be listed. */
  company(row: CompanyCols, siren: string, fallbackName: string | null, hop: number) {
    const held = row.c_siren != null;
    if (held && !row.c_listable) return null;
    const name = clean(row.c_name) ?? clean(fallbackName) ?? siren;
    return this.add({
      id: companyNodeId(siren),
      kind: 'company',
      siren,
      name,
      held,
      state: held ? row.c_state : null,
      href: held ? companyHref(siren, name) : null,
      hop,
      // A company we do not hold may still direct companies we hold (its mandates are ours).
      expanded: false,
      truncated: false,
    });
  }

  /** The node of the director a row names (a person or a legal person). */
  director(row: DirectorRow & CompanyCols, hop: number): NetworkNode | null {
    if (row.kind === 'company') {
      if (!row.director_siren) return null;
      return this.company(row, row.director_siren, row.company_name, hop);
    }
    const { name } = directorLabel(row);
    const distinct = isDistinctPersonKey(row.person_key);
    return this.add({
      id: personNodeId(row),
      kind: 'person',
      directorId: row.id,
      name,
      birth: row.birth_year ? { year: row.birth_year, month: row.birth_month ?? null } : null,
      href: distinct
        ? `/dirigeants/${encodeURIComponent(row.id)}/${slugify(name) || 'dirigeant'}`
        : null,
      hop,
      // Without a person key, the one mandate that brought the node is all there is.
      expanded: !distinct,
      truncated: false,
    });
  }

  edge(row: DirectorRow, source: string, target: string) {
    if (!this.nodes.has(source) || !this.nodes.has(target)) return;
    const role = directorLabel(row).role;
    // The same mandate from several sources is one line of the map.
    const key = `${source}>${target}>${role.toLowerCase()}`;
    if (this.edges.has(key)) return;
    this.edges.set(key, {
      id: row.id,
      source,
      target,
      role,
      startDate: row.start_date,
      endDate: row.end_date,
      current: !row.end_date,
      origin: sourceRef(row.source, row.source_date),
    });
  }
}

/** Groups rows by a key, keeps `cap` of each, and says which groups had more. */
function capped<R>(rows: R[], keyOf: (r: R) => string, cap: number) {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const g = groups.get(k) ?? [];
    g.push(r);
    groups.set(k, g);
  }
  const over = new Set<string>();
  for (const [k, g] of groups) {
    if (g.length > cap) {
      over.add(k);
      g.length = cap;
    }
  }
  return { groups, over };
}

type Options = { depth: number; perNode?: number; maxNodes?: number };

async function expand(db: Db, graph: Graph, center: NetworkNode, opts: Options): Promise<void> {
  const cap = opts.perNode ?? NETWORK_PER_NODE;
  let frontier: NetworkNode[] = [center];
  for (let hop = 1; hop <= opts.depth && frontier.length > 0; hop++) {
    const companies = frontier.filter((n): n is CompanyNode => n.kind === 'company');
    const people = frontier.filter((n): n is PersonNode => n.kind === 'person' && !n.expanded);
    const keys = people.map((p) => p.id.slice(2));
    const sirens = companies.map((c) => c.siren);
    const heldSirens = companies.filter((c) => c.held).map((c) => c.siren);
    const oneMandate = hop === 1 && center.kind === 'person' && center.id.startsWith('m:');
    const [dirs, led, mandates] = await Promise.all([
      heldSirens.length ? directorsOf(db, heldSirens, cap) : [],
      sirens.length ? ledBy(db, sirens, cap) : [],
      oneMandate
        ? mandateById(db, (center as PersonNode).directorId)
        : keys.length
          ? mandatesOf(db, keys, cap)
          : [],
    ]);
    const next: NetworkNode[] = [];
    const fresh = (n: NetworkNode | null) => {
      if (n && n.hop === hop && !next.includes(n)) next.push(n);
      return n;
    };
    const byCompany = capped(dirs, (r) => r.from_siren, cap);
    const byLed = capped(led, (r) => r.from_siren, cap);
    for (const c of companies) {
      const from = companyNodeId(c.siren);
      for (const r of byCompany.groups.get(c.siren) ?? []) {
        const n = fresh(graph.director(r, hop));
        if (n) graph.edge(r, n.id, from);
      }
      for (const r of byLed.groups.get(c.siren) ?? []) {
        const n = fresh(graph.company(r, r.siren, r.company_name, hop));
        if (n) graph.edge(r, from, n.id);
      }
      c.expanded = true;
      c.truncated = byCompany.over.has(c.siren) || byLed.over.has(c.siren);
    }
    const byPerson = capped(mandates, (r) => r.from_key, cap);
    const personGroups = oneMandate
      ? [[center as PersonNode, mandates] as const]
      : people.map((p) => [p, byPerson.groups.get(p.id.slice(2)) ?? []] as const);
    for (const [p, rows] of personGroups) {
      for (const r of rows) {
        const n = fresh(graph.company(r, r.siren, null, hop));
        if (n) graph.edge(r, p.id, n.id);
      }
      p.expanded = true;
      p.truncated = byPerson.over.has(p.id.slice(2));
    }
    if ([...byCompany.over, ...byLed.over, ...byPerson.over].length > 0) graph.truncated = true;
    frontier = next;
  }
}

function answer(graph: Graph, center: NetworkNode, opts: Options): Network {
  return {
    center: center.id,
    depth: opts.depth,
    nodes: [...graph.nodes.values()],
    edges: [...graph.edges.values()],
    truncated: graph.truncated,
    limits: {
      perNode: opts.perNode ?? NETWORK_PER_NODE,
      nodes: opts.maxNodes ?? NETWORK_MAX_NODES,
    },
  };
}

/**
 * The network around a company (its profile already read and its protections applied): its
 * directors, the companies it directs, then at depth 2 their other companies and directors.
 */
export async function companyNetwork(
  db: Db,
  profile: CompanyProfile,
  opts: Options,
): Promise<Network> {
  const graph = new Graph(opts.maxNodes ?? NETWORK_MAX_NODES);
  const center = graph.add({
    id: companyNodeId(profile.siren),
    kind: 'company',
    siren: profile.siren,
    name: profile.displayName,
    held: true,
    state: profile.state,
    href: `/entreprises/${profile.siren}/${profile.slug}`,
    hop: 0,
    expanded: false,
    truncated: false,
  })!;
  // A protected sole trader: the person is the company, and its page lists no director.
  if (profile.protected && profile.isNaturalPerson) {
    center.expanded = true;
    return answer(graph, center, opts);
  }
  await expand(db, graph, center, opts);
  return answer(graph, center, opts);
}

/**
 * The network around a legal person we do not hold but that directs companies we hold (a
 * statutory auditor, a foreign holding): the companies it directs, then their directors. Null
 * when no mandate names this SIREN.
 */
export async function legalPersonNetwork(
  db: Db,
  siren: string,
  opts: Options,
): Promise<Network | null> {
  const [row] = await queryRows<{ company_name: string | null }>(
    db,
    sql`SELECT d.company_name FROM directors d
        WHERE d.director_siren = ${siren} AND d.kind = 'company'
        ORDER BY (d.end_date IS NOT NULL), d.id LIMIT 1`,
    { prepared: true },
  );
  if (!row) return null;
  const graph = new Graph(opts.maxNodes ?? NETWORK_MAX_NODES);
  const center = graph.company(NO_COMPANY, siren, row.company_name, 0)!;
  await expand(db, graph, center, opts);
  if (graph.edges.size === 0) return null;
  return answer(graph, center, opts);
}

/** The network around a person: their companies, then at depth 2 those companies' directors. */
export async function directorNetwork(db: Db, id: string, opts: Options): Promise<Result<Network>> {
  // The director pages' rule for an id (getDirectorProfile).
  if (!id || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) {
    return failure('INVALID_DIRECTOR_ID', 'Identifiant de dirigeant invalide.');
  }
  const notFound = failure(
    'DIRECTOR_NOT_FOUND',
    'Aucun dirigeant ne correspond à cet identifiant (ou la personne a demandé à être masquée).',
  );
  const [row] = await queryRows<DirectorRow & { hidden: boolean }>(
    db,
    sql`SELECT ${DIRECTOR_COLUMNS}, ${personOpposed(sql`d.person_key`)} AS hidden
        FROM directors d WHERE d.id = ${id} AND d.kind <> 'company'`,
    { prepared: true },
  );
  if (!row || row.hidden) return notFound;
  const graph = new Graph(opts.maxNodes ?? NETWORK_MAX_NODES);
  const center = graph.director({ ...row, ...NO_COMPANY }, 0)!;
  await expand(db, graph, center, opts);
  // Every mandate in a company that may not be listed: the director pages show no profile either.
  if (graph.edges.size === 0) return notFound;
  return success(answer(graph, center, opts));
}
