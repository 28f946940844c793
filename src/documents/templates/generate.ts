/** Letters (`letters` kind) and custom documents (`custom-document` kind) from the templates. */
import type { Db } from '@/db/client';
import { failure, success, type Result } from '@/lib/errors';
import type { CompanyProfile } from '@/registry/company';
import { listRepresentatives, pickMainDirector } from '@/registry/directors';
import { slugify } from '@/domain/slug';
import { formatEuros, formatSirenText } from '../format';
import type { DocumentModel } from '../model';
import type { GenContext } from '../generators/common';
import { DISCLAIMER, reader, templateById, type DocumentTemplate } from './catalogue';
import type { PrefillKey, Values } from './types';

/** The answers a template's form starts with, from the chosen company's public data. */
export async function prefillValues(
  db: Db,
  template: DocumentTemplate,
  profile: CompanyProfile | null,
): Promise<Values> {
  if (!profile) return {};
  const main = pickMainDirector(await listRepresentatives(db, profile));
  const source: Record<PrefillKey, string | null> = {
    'company.name': profile.nameHidden ? null : profile.displayName,
    'company.siren': formatSirenText(profile.siren),
    'company.address':
      profile.headOffice && !profile.headOffice.address.masked
        ? profile.headOffice.address.lines.join('\n')
        : null,
    'company.legalForm': profile.legalForm.label,
    'company.capital': profile.capital ? formatEuros(profile.capital.amount) : null,
    'company.rcs': profile.rcs?.number ?? null,
    'company.director':
      main && main.kind === 'person' ? `${main.name}, ${main.role.toLowerCase()}` : null,
    'company.city': profile.headOffice?.address.communeName ?? null,
  };
  const values: Values = {};
  for (const step of template.steps) {
    for (const field of step.fields) {
      const v = field.prefill ? source[field.prefill] : null;
      if (v) values[field.name] = v;
    }
  }
  return values;
}

/** Checks a form's answers: required fields, lengths, dates and amounts. */
export function validateTemplateFields(template: DocumentTemplate, raw: unknown): Result<Values> {
  if (raw != null && (typeof raw !== 'object' || Array.isArray(raw))) {
    return failure('INVALID_INPUT', 'Les champs du document doivent être un objet.');
  }
  const input = (raw ?? {}) as Record<string, unknown>;
  const values: Values = {};
  const errors: Record<string, string[]> = {};
  for (const step of template.steps) {
    for (const field of step.fields) {
      const v = input[field.name];
      const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
      const max = field.max ?? (field.kind === 'textarea' ? 2000 : 200);
      if (!text) {
        if (field.required) errors[field.name] = ['Ce champ est obligatoire.'];
        continue;
      }
      if (text.length > max)
        errors[field.name] = [`Ce champ ne peut pas dépasser ${max} caractères.`];
      else if (field.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text))
        errors[field.name] = ['Indiquez une date.'];
      else if (
        (field.kind === 'amount' || field.kind === 'number') &&
        !Number.isFinite(Number(text.replace(/\s/g, '').replace(',', '.')))
      )
        errors[field.name] = ['Indiquez un nombre.'];
      else values[field.name] = text;
    }
  }
  if (Object.keys(errors).length)
    return failure('VALIDATION_FAILED', undefined, { fields: errors });
  return success(values);
}

function modelFor(
  template: DocumentTemplate,
  values: Values,
  profile: CompanyProfile | null,
  kind: string,
): DocumentModel {
  const v = reader(values);
  return {
    kind,
    title: template.title,
    subtitle: profile
      ? `Modèle pré-rempli pour ${profile.displayName} — SIREN ${formatSirenText(profile.siren)}`
      : 'Modèle de document',
    subject: template.title,
    fileStem: `${slugify(template.title)}${profile ? `-${profile.siren}` : ''}`,
    blocks: [
      ...template.body(v),
      { type: 'paragraph', style: 'note', text: DISCLAIMER(template.updatedAt) },
    ],
    sources: profile ? [profile.sources.identity] : [],
    layout: 'letter',
  };
}

/** `letters`: a letter template pre-filled with the company, blanks for the rest. Payload `{ type }`. */
/** The letter template a `letters` payload names (`type`), or undefined for an unknown type. */
export function letterTemplateOf(payload: unknown): DocumentTemplate | undefined {
  const type = payload && typeof payload === 'object' ? (payload as { type?: unknown }).type : null;
  const template = typeof type === 'string' ? templateById(type) : undefined;
  return template?.letter ? template : undefined;
}

export const UNKNOWN_LETTER = 'Type de courrier inconnu (voir GET /api/letter-templates).';

export async function letter(ctx: GenContext): Promise<Result<DocumentModel>> {
  const template = letterTemplateOf(ctx.payload);
  if (!template) return failure('INVALID_INPUT', UNKNOWN_LETTER);
  return success(
    modelFor(template, await prefillValues(ctx.db, template, ctx.profile), ctx.profile, 'letters'),
  );
}

/** `custom-document`: payload `{ documentId, fields }`; the answers win over the pre-filled values. */
export async function customDocument(
  db: Db,
  profile: CompanyProfile | null,
  payload: unknown,
  _now: Date,
): Promise<Result<DocumentModel>> {
  const p = (payload ?? {}) as { documentId?: unknown; fields?: unknown };
  const template = typeof p.documentId === 'string' ? templateById(p.documentId) : undefined;
  if (!template) return failure('NOT_FOUND', 'Ce modèle de document n’existe pas.');
  const prefill = await prefillValues(db, template, profile);
  const merged = {
    ...prefill,
    ...((p.fields && typeof p.fields === 'object' ? p.fields : {}) as Record<string, unknown>),
  };
  const values = validateTemplateFields(template, merged);
  if (!values.ok) return values;
  return success(modelFor(template, values.value, profile, 'custom-document'));
}
