/**
 * Kinds only a third party can issue. We never imitate them: either the issuer's API delivers the
 * file (INPI's RNE for filed deeds and accounts), or the kind is unavailable and says why.
 */
import { documentOffer, providerNames, type ProviderId } from '@/domain/catalogue/documents';
import { failure, success, type Result } from '@/lib/errors';
import type { CompanyProfile } from '@/registry/company';
import type { DocumentServices } from '../services';
import type { InpiAttachments } from '@/clients/inpi/rne-api';

const ALTERNATIVES: Partial<Record<string, string>> = {
  kbis: ' Vous pouvez commander à la place notre extrait d’immatriculation établi d’après le RNE et Sirene, qui n’est pas un Kbis, ou demander le Kbis au greffe (infogreffe.fr).',
  'bank-of-france-quotations':
    ' L’entreprise peut demander sa propre cotation à la Banque de France.',
  'patents-list': ' Les brevets se consultent gratuitement sur data.inpi.fr.',
  patents: ' Les brevets se consultent gratuitement sur data.inpi.fr.',
};

export function notConnectedReason(kind: string, provider: ProviderId): string {
  return `Ce document est délivré uniquement par ${providerNames[provider]}, auquel nous ne sommes pas raccordés : il ne peut pas être commandé ici.${ALTERNATIVES[kind] ?? ''}`;
}

export const INPI_NOT_CONFIGURED =
  'Ce document est délivré par l’INPI (Registre national des entreprises) et notre accès à son service n’est pas configuré : il ne peut pas être commandé pour le moment.';

export type UpstreamFile = { fileName: string; body: Buffer };

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
  if (offer.producer.provider !== 'inpi-rne')
    return notConnectedReason(kind, offer.producer.provider);
  if (!services.inpi) return INPI_NOT_CONFIGURED;
  if (profile.protected && profile.isNaturalPerson)
    return 'Les données de cette entreprise ne sont pas diffusibles.';
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

/** The issuer's own file, delivered as it is. */
export async function fetchUpstream(
  kind: string,
  profile: CompanyProfile,
  payload: unknown,
  services: DocumentServices,
): Promise<Result<UpstreamFile>> {
  const offer = documentOffer(kind)!;
  if (offer.producer.by !== 'provider') return failure('DOCUMENT_UNAVAILABLE');
  if (offer.producer.provider !== 'inpi-rne') {
    return failure('DOCUMENT_UNAVAILABLE', notConnectedReason(kind, offer.producer.provider));
  }
  if (!services.inpi) return failure('DOCUMENT_UNAVAILABLE', INPI_NOT_CONFIGURED);
  if (profile.protected && profile.isNaturalPerson) {
    return failure(
      'DOCUMENT_UNAVAILABLE',
      'Les données de cette entreprise ne sont pas diffusibles.',
    );
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
