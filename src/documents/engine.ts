/**
 * From a kind, a company and a payload to a file: looks the company up through the registry's
 * read model (partial diffusion and oppositions already applied), runs the kind's generator, and
 * renders the model in the requested format; third-party kinds go to their provider.
 */
import type { Db } from '@/db/client';
import type { DocumentFormat } from '@/domain/catalogue';
import { documentOffer } from '@/domain/catalogue/documents';
import { failure, success, type Result } from '@/lib/errors';
import { logFailure } from '@/lib/log';
import { getCompanyProfile, type CompanyProfile } from '@/registry/company';
import { getCachedProfile } from '@/registry/page-data';
import type { DocumentModel, RenderMeta } from './model';
import { fetchUpstream, upstreamAvailability } from './providers/upstream';
import { documentSale } from './sale';
import { renderCsv } from './render/csv';
import { renderDocx } from './render/docx';
import { renderPdf } from './render/pdf';
import { renderXlsx } from './render/xlsx';
import { documentServices } from './services';
import type { Check, Generator } from './generators/common';
import { directorCheck, directorReport } from './generators/director';
import {
  financialDiagnostics,
  financialsCheck,
  keyFigures,
  poleScoreGrades,
  scoreCheck,
  solvencyScores,
} from './generators/finance';
import {
  apeCodes,
  companySummary,
  eoriCheck,
  eoriNumbers,
  rcsCheck,
  rcsNumbers,
  rneExtracts,
  sireneSituations,
  vatNumbers,
} from './generators/identity';
import {
  agreementsCheck,
  brandCard,
  brandsCheck,
  brandsList,
  collectiveAgreements,
  establishmentsList,
  representativeSynthesis,
  representativesCheck,
  socialInformation,
} from './generators/lists';
import {
  actsCheck,
  actsList,
  commercialAdvertisement,
  commercialAdvertisementsList,
  historyCheck,
  insolvencyList,
  modificationHistory,
  noticeCheck,
} from './generators/notice-lists';
import { customDocument, letter, letterTemplateOf, UNKNOWN_LETTER } from './templates/generate';

/** A produced document; `generate` (src/documents/index.ts) is the seam that hands it out. */
export type DocumentFile = {
  fileName: string;
  contentType: string;
  format: DocumentFormat;
  body: Buffer;
};

export type GenerateOptions = {
  /** Defaults to the kind's first format in the catalogue. */
  format?: DocumentFormat;
  /** Printed on the document; "aperçu" when absent. */
  orderNumber?: string;
  /** Generation date printed on the document; defaults to now. */
  now?: Date;
};

const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const noticesCheck: Check = async () => null;

/** Our own generators, with the rule saying when each can be produced. */
const OWN: Record<string, { generate: Generator; check?: Check }> = {
  'vat-numbers': { generate: vatNumbers },
  'eori-numbers': { generate: eoriNumbers, check: eoriCheck },
  'ape-codes': { generate: apeCodes },
  'rcs-numbers': { generate: rcsNumbers, check: rcsCheck },
  'sirene-situations': { generate: sireneSituations },
  'rne-extracts': { generate: rneExtracts },
  'company-summary': { generate: companySummary },
  'modification-history': { generate: modificationHistory, check: historyCheck },
  'establishments-list': { generate: establishmentsList },
  'social-information-list': { generate: socialInformation },
  'financial-diagnostics': { generate: financialDiagnostics, check: financialsCheck },
  'solvency-scores': { generate: solvencyScores, check: scoreCheck },
  'pole-score-grades': { generate: poleScoreGrades, check: scoreCheck },
  'key-figures': { generate: keyFigures, check: financialsCheck },
  'acts-list': { generate: actsList, check: actsCheck },
  'commercial-advertisements-list': { generate: commercialAdvertisementsList, check: noticesCheck },
  'commercial-advertisements': { generate: commercialAdvertisement, check: noticeCheck },
  'insolvency-proceeding-list': { generate: insolvencyList },
  'representative-synthesis': { generate: representativeSynthesis, check: representativesCheck },
  'collective-agreements': { generate: collectiveAgreements, check: agreementsCheck },
  'brands-list': { generate: brandsList, check: brandsCheck },
  brands: { generate: brandCard, check: brandsCheck },
  letters: { generate: letter },
  'director-report': {
    generate: (ctx) => directorReport(ctx.db, ctx.profile, ctx.payload),
    check: directorCheck,
  },
};

type Lookup =
  { ok: true; profile: CompanyProfile | null } | { ok: false; failure: ReturnType<typeof failure> };

/**
 * The company a document is about. Generation reads it afresh; the availability check, run on
 * every order placed and every results list that sells, takes the registry's data cache (5
 * minutes, emptied for a company by an opposition or an import that changes it).
 */
async function lookupCompany(
  db: Db,
  kind: string,
  siren: string,
  read: typeof getCompanyProfile = getCompanyProfile,
): Promise<Lookup> {
  if (kind === 'custom-document' && !siren) return { ok: true, profile: null };
  const lookup = await read(db, siren);
  if (lookup.ok) return { ok: true, profile: lookup.value };
  return {
    ok: false,
    failure: failure(
      lookup.code === 'COMPANY_NOT_FOUND' ? 'NOT_FOUND' : 'INVALID_INPUT',
      lookup.message,
    ),
  };
}

export async function generateDocument(
  db: Db,
  kind: string,
  siren: string,
  payload: unknown,
  options: GenerateOptions,
): Promise<Result<DocumentFile>> {
  const offer = documentOffer(kind);
  if (!offer) return failure('INVALID_INPUT', `Type de document inconnu : ${kind}.`);
  const sale = documentSale(kind)!;
  if (!sale.sold) return failure('DOCUMENT_UNAVAILABLE', sale.reason);
  const format = options.format ?? offer.formats[0]!;
  if (!offer.formats.includes(format)) {
    return failure('INVALID_INPUT', `Ce document n’existe pas au format ${format.toUpperCase()}.`);
  }
  const services = documentServices();
  try {
    const company = await lookupCompany(db, kind, siren);
    if (!company.ok) return company.failure;
    const profile = company.profile;
    if (offer.producer.by === 'provider') {
      const file = await fetchUpstream(kind, profile!, payload, services);
      if (!file.ok) return file;
      return success({
        fileName: file.value.fileName,
        contentType: CONTENT_TYPES.pdf,
        format: 'pdf',
        body: file.value.body,
      });
    }
    const now = options.now ?? new Date();
    let model: Result<DocumentModel>;
    if (kind === 'custom-document') model = await customDocument(db, profile, payload, now);
    else {
      const own = OWN[kind];
      if (!own) return failure('DOCUMENT_UNAVAILABLE');
      const ctx = { db, profile: profile!, payload, now, services };
      if (own.check) {
        const reason = await own.check(ctx);
        if (reason) return failure('DOCUMENT_UNAVAILABLE', reason);
      }
      model = await own.generate(ctx);
    }
    if (!model.ok) return model;
    const meta: RenderMeta = {
      orderNumber: options.orderNumber ?? null,
      generatedAt: now,
      site: services.site,
    };
    const body = await render(model.value, format, meta);
    return success({
      fileName: `${model.value.fileStem}.${format}`,
      contentType: CONTENT_TYPES[format],
      format,
      body,
    });
  } catch (error) {
    logFailure('documents', error);
    return failure(
      'SERVICE_UNAVAILABLE',
      'Le document n’a pas pu être produit : réessayez dans un instant.',
    );
  }
}

export function render(
  model: DocumentModel,
  format: DocumentFormat,
  meta: RenderMeta,
): Promise<Buffer> {
  switch (format) {
    case 'pdf':
      return renderPdf(model, meta);
    case 'docx':
      return renderDocx(model, meta);
    case 'xlsx':
      return renderXlsx(model, meta);
    case 'csv':
      return Promise.resolve(renderCsv(model));
  }
}

export async function availabilityOf(
  db: Db,
  kind: string,
  siren: string,
): Promise<{ available: true } | { available: false; reason: string; field?: 'siren' }> {
  const offer = documentOffer(kind);
  if (!offer) return { available: false, reason: 'Ce type de document n’existe pas.' };
  // Not sold here: said before any lookup, so an order of it never reaches the orders table.
  const sale = documentSale(kind)!;
  if (!sale.sold) return { available: false, reason: sale.reason };
  try {
    const company = await lookupCompany(db, kind, siren, getCachedProfile);
    if (!company.ok) return { available: false, reason: company.failure.message, field: 'siren' };
    const profile = company.profile;
    const services = documentServices();
    if (offer.producer.by === 'provider') {
      const reason = await upstreamAvailability(kind, profile!, services);
      return reason ? { available: false, reason } : { available: true };
    }
    const check = OWN[kind]?.check;
    if (check && profile) {
      const reason = await check({ db, profile, services });
      if (reason) return { available: false, reason };
    }
    return { available: true };
  } catch (error) {
    logFailure('documents', error);
    return {
      available: false,
      reason:
        'La disponibilité de ce document n’a pas pu être vérifiée : réessayez dans un instant.',
    };
  }
}

/**
 * The payload field that says which document a kind produces (the director, the notice, the
 * letter, the template, the brand): a payload the generator cannot deliver is that field's fault.
 */
const PAYLOAD_FIELD: Record<string, (payload: unknown) => string> = {
  'director-report': (p) => (p && typeof p === 'object' && 'directorId' in p ? 'directorId' : 'n'),
  'commercial-advertisements': () => 'commercial_advertisement_id',
  letters: () => 'type',
  'custom-document': () => 'documentId',
  brands: () => 'brand_number',
};

/**
 * Whether the document of this payload can be delivered, asked before the order exists: for the
 * kinds whose payload names what to produce, the kind's generator builds the document's model
 * (no rendering) from the registry as it is now; a payload it cannot deliver (the 999th
 * director, an unknown notice, letter type or template, a required field of the template left
 * empty) is VALIDATION_FAILED naming the field, in French. Other kinds: nothing to check beyond
 * `availabilityOf`, and no query.
 */
export async function deliverableOf(
  db: Db,
  kind: string,
  siren: string | null,
  payload: unknown,
): Promise<Result<void>> {
  const fieldOf = PAYLOAD_FIELD[kind];
  if (!fieldOf) return success(undefined);
  // A letter's model only adds the company's data to its template: the type is all to check, and
  // costs no query (letters are the hot path of order creation).
  if (kind === 'letters')
    return letterTemplateOf(payload)
      ? success(undefined)
      : failure('VALIDATION_FAILED', UNKNOWN_LETTER, { fields: { type: [UNKNOWN_LETTER] } });
  const own = OWN[kind];
  if (kind !== 'custom-document' && !own) return success(undefined);
  const company = await lookupCompany(db, kind, siren ?? '', getCachedProfile);
  if (!company.ok) {
    const message = company.failure.message;
    return failure('VALIDATION_FAILED', message, { fields: { siren: [message] } });
  }
  const now = new Date();
  const model =
    kind === 'custom-document'
      ? await customDocument(db, company.profile, payload, now)
      : await own!.generate({
          db,
          profile: company.profile!,
          payload,
          now,
          services: documentServices(),
        });
  if (model.ok) return success(undefined);
  if (model.code === 'VALIDATION_FAILED' || model.code === 'SERVICE_UNAVAILABLE') return model;
  return failure('VALIDATION_FAILED', model.message, {
    fields: { [fieldOf(payload)]: [model.message] },
  });
}
