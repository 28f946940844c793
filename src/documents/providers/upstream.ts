/**
 * Kinds only a third party can issue. We never imitate them: either the issuer's API delivers the
 * file (INPI's RNE for filed deeds and accounts, the court registries for the Kbis and the liens,
 * the Banque de France, the AFDCC), or the kind is not sold here and says where to get it
 * (src/documents/sale.ts).
 */
import type { UpstreamAnswer } from '@/clients/pdf';
import type { GreffeProduct } from '@/clients/infogreffe/client';
import type { BanqueDeFranceDocument } from '@/clients/banque-de-france/client';
import { documentOffer } from '@/domain/catalogue/documents';
import { isRcsLegalForm } from '@/domain/legal-forms';
import { failure, success, type Result } from '@/lib/errors';
import type { CompanyProfile } from '@/registry/company';
import { documentSale } from '../sale';
import type { DocumentServices } from '../services';
import type { InpiAttachments } from '@/clients/inpi/rne-api';

export type UpstreamFile = { fileName: string; body: Buffer };

const GREFFE: Partial<Record<string, GreffeProduct>> = {
  kbis: 'kbis',
  'partial-dept-status': 'etat-endettement',
  'ps-extracts': 'privileges-suretes',
  'ps-synthesis': 'synthese-privileges-suretes',
};
const BANQUE_DE_FRANCE: Partial<Record<string, BanqueDeFranceDocument>> = {
  'bank-of-france-quotations': 'cotation',
  'financial-outstandings': 'encours',
};
const FILE_STEMS: Partial<Record<string, string>> = {
  kbis: 'extrait-kbis',
  'partial-dept-status': 'etat-endettement',
  'ps-extracts': 'extrait-privileges-suretes',
  'ps-synthesis': 'synthese-privileges-suretes',
  'bank-of-france-quotations': 'cotation-banque-de-france',
  'financial-outstandings': 'encours-financiers',
  'afdcc-diagnostics': 'diagnostic-afdcc',
};

/**
 * Whether a company is registered at the RCS, so that a court registry holds its Kbis: a known
 * RCS registration not struck off, or a legal form that must register (src/domain/legal-forms).
 */
export function rcsRegistered(p: CompanyProfile): boolean {
  return (
    (!!p.rcs && p.state !== 'struck-off') ||
    (!p.isNaturalPerson && isRcsLegalForm(p.legalForm.code))
  );
}

export const NOT_RCS_REGISTERED =
  'Cette entreprise n’est pas immatriculée au RCS : aucun extrait Kbis n’existe pour elle.';

const NOT_DIFFUSIBLE = 'Les données de cette entreprise ne sont pas diffusibles.';

type ActsPayload = { filing_number?: unknown; provider?: unknown; order_data?: unknown };
type SheetPayload = {
  id?: unknown;
  filing_number?: unknown;
  fiscal_year?: unknown;
  closing_date?: unknown;
};

const str = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

export async function upstreamAvailability(
  kind: string,
  profile: CompanyProfile,
  services: DocumentServices,
): Promise<string | null> {
  const offer = documentOffer(kind);
  if (!offer || offer.producer.by !== 'provider') return null;
  const sale = documentSale(kind)!;
  if (!sale.sold) return sale.reason;
  if (profile.protected && profile.isNaturalPerson) return NOT_DIFFUSIBLE;
  if (GREFFE[kind]) return rcsRegistered(profile) ? null : NOT_RCS_REGISTERED;
  if (offer.producer.provider !== 'inpi-rne' || !services.inpi) return null;
  const list = await services.inpi.attachments(profile.siren);
  if (!list.ok) return list.error.message;
  const items = kind === 'acts' ? list.value.acts : list.value.balanceSheets;
  return items.some((i) => !i.confidential)
    ? null
    : kind === 'acts'
      ? 'L’INPI ne détient aucun acte public pour cette entreprise.'
      : 'L’INPI ne détient aucun compte annuel public pour cette entreprise.';
}

function pick(kind: 'acts' | 'balance-sheets', list: InpiAttachments, payload: unknown) {
  if (kind === 'acts') {
    const id = str((payload as ActsPayload | null)?.filing_number);
    return id ? list.acts.find((a) => a.id === id) : null;
  }
  const p = (payload ?? {}) as SheetPayload;
  const id = str(p.id) ?? str(p.filing_number);
  if (id) return list.balanceSheets.find((b) => b.id === id);
  const closing = str(p.closing_date);
  if (closing) return list.balanceSheets.find((b) => b.closingDate === closing.slice(0, 10));
  const year = str(p.fiscal_year);
  if (year) return list.balanceSheets.find((b) => b.closingDate?.startsWith(year));
  // No year chosen (the order button of a results list): the latest public accounts.
  return (
    list.balanceSheets
      .filter((b) => !b.confidential)
      .sort((a, b) => (b.closingDate ?? '').localeCompare(a.closingDate ?? ''))[0] ?? null
  );
}

function fromAnswer(
  kind: string,
  siren: string,
  answer: UpstreamAnswer<Buffer>,
): Result<UpstreamFile> {
  if (!answer.ok) {
    return answer.error.kind === 'not-found'
      ? failure('DOCUMENT_UNAVAILABLE', answer.error.message)
      : failure('SERVICE_UNAVAILABLE', answer.error.message);
  }
  return success({ fileName: `${FILE_STEMS[kind] ?? kind}-${siren}.pdf`, body: answer.value });
}

/** The issuer's own file, delivered as it is. */
export async function fetchUpstream(
  kind: string,
  profile: CompanyProfile,
  payload: unknown,
  services: DocumentServices,
): Promise<Result<UpstreamFile>> {
  const sale = documentSale(kind);
  if (!sale || sale.offer.producer.by !== 'provider') return failure('DOCUMENT_UNAVAILABLE');
  if (!sale.sold) return failure('DOCUMENT_UNAVAILABLE', sale.reason);
  if (profile.protected && profile.isNaturalPerson) {
    return failure('DOCUMENT_UNAVAILABLE', NOT_DIFFUSIBLE);
  }
  const greffe = GREFFE[kind];
  if (greffe && services.greffe) {
    if (!rcsRegistered(profile)) return failure('DOCUMENT_UNAVAILABLE', NOT_RCS_REGISTERED);
    return fromAnswer(kind, profile.siren, await services.greffe.document(greffe, profile.siren));
  }
  const bdf = BANQUE_DE_FRANCE[kind];
  if (bdf && services.banqueDeFrance) {
    return fromAnswer(
      kind,
      profile.siren,
      await services.banqueDeFrance.document(bdf, profile.siren),
    );
  }
  if (kind === 'afdcc-diagnostics' && services.afdcc) {
    return fromAnswer(kind, profile.siren, await services.afdcc.diagnostic(profile.siren));
  }
  if (!services.inpi || (kind !== 'acts' && kind !== 'balance-sheets')) {
    return failure('DOCUMENT_UNAVAILABLE');
  }
  const which = kind === 'acts' ? 'acts' : 'balance-sheets';
  const list = await services.inpi.attachments(profile.siren);
  if (!list.ok) return failure('SERVICE_UNAVAILABLE', list.error.message);
  const item = pick(which, list.value, payload);
  if (!item) {
    return failure(
      'INVALID_INPUT',
      which === 'acts'
        ? 'Indiquez le numéro de dépôt de l’acte (filing_number) parmi ceux que l’INPI détient.'
        : 'Indiquez le compte annuel (id, closing_date ou fiscal_year) parmi ceux que l’INPI détient.',
    );
  }
  if (item.confidential)
    return failure(
      'DOCUMENT_UNAVAILABLE',
      'Ce document est confidentiel : l’INPI ne le diffuse pas.',
    );
  const file = await services.inpi.download(which === 'acts' ? 'actes' : 'bilans', item.id);
  if (!file.ok) {
    return file.error.kind === 'not-found'
      ? failure('DOCUMENT_UNAVAILABLE', file.error.message)
      : failure('SERVICE_UNAVAILABLE', file.error.message);
  }
  const date = ('closingDate' in item ? item.closingDate : item.filedAt) ?? 'sans-date';
  return success({
    fileName: `${which === 'acts' ? 'acte' : 'comptes-annuels'}-${profile.siren}-${date}.pdf`,
    body: file.value,
  });
}
