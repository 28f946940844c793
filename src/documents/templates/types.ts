/** Custom document templates (/documents): pure data, shared by the pages, the API and the generator. */
export type PrefillKey =
  | 'company.name'
  | 'company.siren'
  | 'company.address'
  | 'company.legalForm'
  | 'company.capital'
  | 'company.rcs'
  | 'company.director'
  | 'company.city';

export type TemplateField = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'date' | 'amount' | 'number';
  required?: boolean;
  /** Characters; 200 for text, 2,000 for textarea by default. */
  max?: number;
  prefill?: PrefillKey;
  help?: string;
};

export type TemplateStep = { id: string; title: string; fields: TemplateField[] };

export type TemplateGroup = 'recouvrement' | 'societe' | 'contrats' | 'attestations';

export const templateGroups: Record<TemplateGroup, string> = {
  recouvrement: 'Recouvrement et paiements',
  societe: 'Vie de la société',
  contrats: 'Contrats',
  attestations: 'Attestations et pouvoirs',
};

export type TemplateSummary = {
  id: string;
  title: string;
  group: TemplateGroup;
  summary: string;
  /** A letter (usable as the `letters` kind with only its type). */
  letter: boolean;
  /** What the chosen company is in this document ("le débiteur", "la société"…). */
  companyRole: string;
  /** ISO date of the legal review of the text. */
  updatedAt: string;
  steps: TemplateStep[];
};

export type Values = Record<string, string>;
