/**
 * What a buyer chooses before ordering a kind that takes a payload (spec section 3, « Order
 * payloads »): which brand, which BODACC notice, which filed deed or accounts, which letter, which
 * director. Read from the same read models and providers as the generators, so every choice
 * offered is one the generator accepts.
 */
import type { Db } from '@/db/client';
import { listBrands } from '@/registry/brands';
import { listRepresentatives } from '@/registry/directors';
import { listNotices } from '@/registry/notices';
import type { CompanyProfile } from '@/registry/company';
import { formatLongDate } from './format';
import { documentServices } from './services';
import { templateSummaries } from './templates/catalogue';

/** One thing to order: its label, and the body (or own route) the order takes. */
export type OrderChoice = {
  /** Stable within the kind and company: tells the order buttons of one page apart. */
  key: string;
  label: string;
  detail?: string;
  /** The order's JSON body (POST /api/{kind}/{siren}/order). */
  body?: Record<string, unknown>;
  /** Kinds with their own route (director-report): the address the order is posted to. */
  endpoint?: string;
};

/**
 * The order of one INPI filing (an act, a set of accounts): its body, and its key among the
 * page's order buttons, so that each filing resumes its own order after sign-in.
 */
export const filingOrder = (filing: { id: string; kind: 'act' | 'balance-sheet' }) => ({
  key: filing.id,
  body: filing.kind === 'act' ? { filing_number: filing.id, provider: 'inpi' } : { id: filing.id },
});

/** Notices offered one by one: the newest, as the BODACC page lists them. */
const NOTICE_CHOICES = 200;

/**
 * The choices of a kind for a company; `null` for a kind ordered as it is (no payload to choose).
 * An empty list means nothing can be chosen (the page says so).
 */
export async function orderChoices(
  db: Db,
  kind: string,
  profile: CompanyProfile,
): Promise<OrderChoice[] | null> {
  switch (kind) {
    case 'brands':
      return (await listBrands(db, profile.siren)).map((b) => ({
        key: b.applicationNumber,
        label: b.name ?? 'Marque figurative',
        detail: [
          `n° ${b.applicationNumber}`,
          b.status,
          b.filingDate && `déposée le ${formatLongDate(b.filingDate)}`,
        ]
          .filter(Boolean)
          .join(' — '),
        body: { brand_number: b.applicationNumber },
      }));
    case 'commercial-advertisements':
      return (await listNotices(db, profile, { limit: NOTICE_CHOICES })).items.map((n) => ({
        key: n.id,
        label: `${n.typeLabel ?? n.familyLabel} — ${formatLongDate(n.publishedAt)}`,
        detail: [n.issueNumber && `BODACC n° ${n.issueNumber}`, n.court]
          .filter(Boolean)
          .join(' — '),
        body: { commercial_advertisement_id: n.id },
      }));
    case 'letters':
      return templateSummaries({ letters: true }).map((t) => ({
        key: t.id,
        label: t.title,
        detail: t.summary,
        body: { type: t.id },
      }));
    case 'director-report': {
      const reps = await listRepresentatives(db, profile);
      return reps.flatMap((r, i) =>
        r.kind === 'person'
          ? [
              {
                key: String(i + 1),
                label: r.name,
                detail: [r.role, r.current ? null : 'ancien mandat'].filter(Boolean).join(' — '),
                endpoint: `/api/director-report/${profile.siren}/order/${i + 1}`,
              },
            ]
          : [],
      );
    }
    case 'acts':
    case 'balance-sheets': {
      const inpi = documentServices().inpi;
      if (!inpi) return [];
      const list = await inpi.attachments(profile.siren);
      // Read by the order page, which says why the list is missing (INPI not answering).
      if (!list.ok) throw new Error(list.error.message);
      if (kind === 'acts') {
        return list.value.acts
          .filter((a) => !a.confidential)
          .map((a) => ({
            label: a.types.length ? a.types.join(', ') : 'Acte déposé',
            detail: a.filedAt ? `déposé le ${formatLongDate(a.filedAt)}` : undefined,
            ...filingOrder({ id: a.id, kind: 'act' }),
          }));
      }
      return list.value.balanceSheets
        .filter((b) => !b.confidential)
        .map((b) => ({
          ...filingOrder({ id: b.id, kind: 'balance-sheet' }),
          label: b.closingDate
            ? `Comptes clos le ${formatLongDate(b.closingDate)}`
            : 'Comptes annuels',
          detail: b.filedAt ? `déposés le ${formatLongDate(b.filedAt)}` : undefined,
        }));
    }
    default:
      return null;
  }
}
