/**
 * The ten custom document templates of /documents, French law as in force on their `updatedAt`
 * date. Each is a multi-step form (steps and fields), pre-filled from the chosen company, and a
 * body built from the answers; an unanswered field prints as a dotted blank to fill by hand.
 * They are templates, not legal advice: every document says so.
 */
import type { Block } from '../model';
import { formatEuros, formatLongDate } from '../format';
import type { TemplateField, TemplateStep, TemplateSummary, Values } from './types';

export type DocumentTemplate = TemplateSummary & { body: (v: Reader) => Block[] };

export type Reader = {
  /** The answer, or a dotted blank. */
  (name: string): string;
  has(name: string): boolean;
  date(name: string): string;
  amount(name: string): string;
};

const BLANK = '……………………';

export function reader(values: Values): Reader {
  const get = ((name: string) => values[name]?.trim() || BLANK) as Reader;
  get.has = (name) => !!values[name]?.trim();
  get.date = (name) =>
    values[name]?.trim() ? formatLongDate(values[name]!.trim()) || values[name]!.trim() : BLANK;
  get.amount = (name) => {
    const raw = values[name]?.trim();
    if (!raw) return `${BLANK} €`;
    const n = Number(raw.replace(/\s/g, '').replace(',', '.'));
    return Number.isFinite(n) ? formatEuros(n) : raw;
  };
  return get;
}

const UPDATED = '2026-11-01';

const f = (
  name: string,
  label: string,
  kind: TemplateField['kind'] = 'text',
  more: Partial<TemplateField> = {},
): TemplateField => ({ name, label, kind, ...more });

const sender = (role: string): TemplateStep => ({
  id: 'expediteur',
  title: `${role} (vous)`,
  fields: [
    f('senderName', 'Nom ou dénomination', 'text', { required: true }),
    f('senderAddress', 'Adresse', 'textarea', { required: true }),
    f('senderSiren', 'SIREN (si vous êtes une entreprise)'),
    f('senderSignatory', 'Nom et qualité du signataire', 'text', { required: true }),
  ],
});

const recipientFromCompany = (role: string): TemplateStep => ({
  id: 'destinataire',
  title: role,
  fields: [
    f('recipientName', 'Nom ou dénomination', 'text', { required: true, prefill: 'company.name' }),
    f('recipientSiren', 'SIREN', 'text', { prefill: 'company.siren' }),
    f('recipientAddress', 'Adresse du siège', 'textarea', {
      required: true,
      prefill: 'company.address',
    }),
  ],
});

const letterHead = (v: Reader, object: string, registered: boolean): Block[] => [
  {
    type: 'paragraph',
    text: `${v('senderName')}\n${v('senderAddress')}${v.has('senderSiren') ? `\nSIREN ${v('senderSiren')}` : ''}`,
  },
  {
    type: 'paragraph',
    text: `À l’attention de ${v('recipientName')}${v.has('recipientSiren') ? ` (SIREN ${v('recipientSiren')})` : ''}\n${v('recipientAddress')}`,
  },
  { type: 'paragraph', text: `À ${v('place')}, le ${v.date('letterDate')}` },
  ...(registered
    ? [
        {
          type: 'paragraph' as const,
          style: 'strong' as const,
          text: 'Lettre recommandée avec demande d’avis de réception',
        },
      ]
    : []),
  { type: 'paragraph', style: 'strong', text: `Objet : ${object}` },
];

const placeAndDate: TemplateField[] = [
  f('place', 'Lieu de signature', 'text', { required: true }),
  f('letterDate', 'Date du courrier', 'date', { required: true }),
];

const invoiceStep: TemplateStep = {
  id: 'creance',
  title: 'La somme due',
  fields: [
    f('invoiceRefs', 'Facture(s) concernée(s) : numéros et dates', 'textarea', { required: true }),
    f('amount', 'Montant restant dû (TTC, en euros)', 'amount', { required: true }),
    f('dueDate', 'Date d’échéance', 'date', { required: true }),
    f('contractRef', 'Contrat ou commande d’origine (facultatif)'),
  ],
};

const signature = (v: Reader, who = 'senderSignatory'): Block => ({
  type: 'signature',
  lines: [v(who), 'Signature'],
});

const B2B_PENALTIES =
  'Conformément à l’article L. 441-10 du code de commerce, ces sommes portent de plein droit, sans qu’un rappel soit nécessaire, des pénalités de retard au taux prévu par nos conditions générales ou, à défaut, au taux de la Banque centrale européenne majoré de dix points, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 euros par facture (article D. 441-5 du même code).';

export const TEMPLATES: readonly DocumentTemplate[] = [
  {
    id: 'relance-de-paiement',
    title: 'Relance de paiement',
    group: 'recouvrement',
    summary: 'Rappeler à un client, courtoisement, une facture restée impayée à son échéance.',
    letter: true,
    companyRole: 'Le client qui doit la somme',
    updatedAt: UPDATED,
    steps: [
      recipientFromCompany('Le client'),
      sender('Le créancier'),
      invoiceStep,
      {
        id: 'envoi',
        title: 'Envoi',
        fields: [
          ...placeAndDate,
          f('paymentDetails', 'Coordonnées de paiement (IBAN…)', 'textarea'),
        ],
      },
    ],
    body: (v) => [
      ...letterHead(v, `Relance — facture(s) ${v('invoiceRefs')}`, false),
      { type: 'paragraph', text: 'Madame, Monsieur,' },
      {
        type: 'paragraph',
        text: `Sauf erreur de notre part, le règlement de la somme de ${v.amount('amount')}, due au titre de ${v('invoiceRefs')}${v.has('contractRef') ? ` (${v('contractRef')})` : ''} et échue le ${v.date('dueDate')}, ne nous est pas parvenu.`,
      },
      {
        type: 'paragraph',
        text: `Il s’agit peut-être d’un simple oubli : nous vous remercions de bien vouloir procéder au paiement dans les meilleurs délais${v.has('paymentDetails') ? `, par virement sur le compte suivant : ${v('paymentDetails')}` : ''}. Si votre règlement a croisé ce courrier, nous vous prions de ne pas en tenir compte.`,
      },
      { type: 'paragraph', style: 'note', text: B2B_PENALTIES },
      {
        type: 'paragraph',
        text: 'Nous restons à votre disposition pour toute question et vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
      },
      signature(v),
    ],
  },
  {
    id: 'mise-en-demeure-de-payer',
    title: 'Mise en demeure de payer',
    group: 'recouvrement',
    summary:
      'Exiger formellement le paiement d’une facture avant d’engager une procédure (injonction de payer, référé).',
    letter: true,
    companyRole: 'Le débiteur',
    updatedAt: UPDATED,
    steps: [
      recipientFromCompany('Le débiteur'),
      sender('Le créancier'),
      invoiceStep,
      {
        id: 'delai',
        title: 'Délai et envoi',
        fields: [
          f('deadlineDays', 'Délai accordé pour payer (en jours)', 'number', {
            required: true,
            help: '8 ou 15 jours sont d’usage.',
          }),
          f('previousReminder', 'Date de la précédente relance (facultatif)', 'date'),
          ...placeAndDate,
        ],
      },
    ],
    body: (v) => [
      ...letterHead(v, 'Mise en demeure de payer', true),
      { type: 'paragraph', text: 'Madame, Monsieur,' },
      {
        type: 'paragraph',
        text: `Malgré ${v.has('previousReminder') ? `notre relance du ${v.date('previousReminder')}` : 'nos relances'}, vous restez nous devoir la somme de ${v.amount('amount')} au titre de ${v('invoiceRefs')}${v.has('contractRef') ? ` (${v('contractRef')})` : ''}, échue le ${v.date('dueDate')}.`,
      },
      {
        type: 'paragraph',
        style: 'strong',
        text: `Par la présente, nous vous mettons en demeure de nous régler cette somme dans un délai de ${v('deadlineDays')} jours à compter de la réception de ce courrier.`,
      },
      {
        type: 'paragraph',
        text:
          'Cette mise en demeure fait courir les intérêts moratoires (articles 1231-6 et 1344-1 du code civil). ' +
          B2B_PENALTIES,
      },
      {
        type: 'paragraph',
        text: 'À défaut de paiement dans ce délai, nous saisirons la juridiction compétente, notamment par voie d’injonction de payer (articles 1405 et suivants du code de procédure civile), sans autre avis, les frais de procédure restant à votre charge.',
      },
      {
        type: 'paragraph',
        text: 'Veuillez agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
      },
      signature(v),
    ],
  },
  {
    id: 'demande-de-delais-de-paiement',
    title: 'Demande de délais de paiement',
    group: 'recouvrement',
    summary:
      'Proposer à un créancier un échéancier pour régler une dette que vous ne pouvez pas payer en une fois.',
    letter: true,
    companyRole: 'Le créancier',
    updatedAt: UPDATED,
    steps: [
      recipientFromCompany('Le créancier'),
      sender('Le débiteur'),
      {
        id: 'dette',
        title: 'La dette et l’échéancier proposé',
        fields: [
          f('invoiceRefs', 'Facture(s) ou dette concernée(s)', 'textarea', { required: true }),
          f('amount', 'Montant total dû (en euros)', 'amount', { required: true }),
          f('installments', 'Nombre de mensualités proposées', 'number', { required: true }),
          f('firstPayment', 'Date du premier versement', 'date', { required: true }),
          f('reason', 'Raison de la difficulté (facultatif)', 'textarea'),
        ],
      },
      { id: 'envoi', title: 'Envoi', fields: placeAndDate },
    ],
    body: (v) => [
      ...letterHead(v, 'Demande de délais de paiement', false),
      { type: 'paragraph', text: 'Madame, Monsieur,' },
      {
        type: 'paragraph',
        text: `Je reste vous devoir la somme de ${v.amount('amount')} au titre de ${v('invoiceRefs')}. ${v.has('reason') ? `${v('reason')} ` : ''}Je ne suis pas en mesure de la régler en une seule fois.`,
      },
      {
        type: 'paragraph',
        text: `Afin d’honorer cette dette, je vous propose de la régler en ${v('installments')} versements mensuels, le premier le ${v.date('firstPayment')}, les suivants à la même date chaque mois.`,
      },
      {
        type: 'paragraph',
        text: 'Je vous remercie de me faire savoir si vous acceptez cet échéancier ; votre accord écrit vaudra engagement de ma part de le respecter. À défaut d’accord amiable, le juge peut, en tenant compte de la situation du débiteur et des besoins du créancier, reporter ou échelonner le paiement dans la limite de deux années (article 1343-5 du code civil).',
      },
      {
        type: 'paragraph',
        text: 'Veuillez agréer, Madame, Monsieur, l’expression de mes salutations distinguées.',
      },
      signature(v),
    ],
  },
  {
    id: 'demission-gerant',
    title: 'Démission d’un gérant de SARL',
    group: 'societe',
    summary:
      'Notifier aux associés la démission de vos fonctions de gérant d’une SARL ou d’une EURL.',
    letter: true,
    companyRole: 'La société',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'societe',
        title: 'La société',
        fields: [
          f('recipientName', 'Dénomination', 'text', { required: true, prefill: 'company.name' }),
          f('recipientSiren', 'SIREN', 'text', { prefill: 'company.siren' }),
          f('recipientAddress', 'Siège social', 'textarea', {
            required: true,
            prefill: 'company.address',
          }),
        ],
      },
      {
        id: 'gerant',
        title: 'Le gérant',
        fields: [
          f('senderName', 'Vos nom et prénom', 'text', {
            required: true,
            prefill: 'company.director',
          }),
          f('senderAddress', 'Votre adresse', 'textarea', { required: true }),
          f('senderSignatory', 'Nom du signataire', 'text', {
            required: true,
            prefill: 'company.director',
          }),
          f('effectiveDate', 'Date de prise d’effet', 'date', {
            required: true,
            help: 'Respectez le préavis prévu par les statuts, s’il en existe un.',
          }),
        ],
      },
      { id: 'envoi', title: 'Envoi', fields: placeAndDate },
    ],
    body: (v) => [
      ...letterHead(v, 'Démission de mes fonctions de gérant', true),
      { type: 'paragraph', text: 'Madame, Monsieur les associés,' },
      {
        type: 'paragraph',
        text: `Je vous informe de ma décision de démissionner de mes fonctions de gérant de la société ${v('recipientName')}${v.has('recipientSiren') ? ` (SIREN ${v('recipientSiren')})` : ''}, avec effet au ${v.date('effectiveDate')}, dans le respect du préavis éventuellement prévu par les statuts.`,
      },
      {
        type: 'paragraph',
        text: 'Je vous remercie de bien vouloir convoquer l’assemblée des associés afin de pourvoir à mon remplacement, puis d’accomplir les formalités de publicité qui s’ensuivent : publication d’un avis dans un journal d’annonces légales et déclaration de la modification au guichet unique des formalités d’entreprises.',
      },
      {
        type: 'paragraph',
        style: 'note',
        text: 'Rappel : le gérant peut démissionner à tout moment, en respectant le préavis éventuellement prévu par les statuts ; une démission donnée brutalement ou à contretemps peut engager sa responsabilité envers la société. Elle n’a pas à être acceptée par les associés.',
      },
      {
        type: 'paragraph',
        text: 'Je vous prie d’agréer, Madame, Monsieur, l’expression de mes salutations distinguées.',
      },
      signature(v),
    ],
  },
  {
    id: 'pv-approbation-des-comptes',
    title: 'Procès-verbal d’approbation des comptes annuels',
    group: 'societe',
    summary:
      'Constater la décision des associés d’une SARL sur les comptes de l’exercice et l’affectation du résultat.',
    letter: false,
    companyRole: 'La société',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'societe',
        title: 'La société',
        fields: [
          f('companyName', 'Dénomination', 'text', { required: true, prefill: 'company.name' }),
          f('legalForm', 'Forme juridique', 'text', {
            required: true,
            prefill: 'company.legalForm',
          }),
          f('capital', 'Capital social', 'text', { prefill: 'company.capital' }),
          f('address', 'Siège social', 'textarea', { required: true, prefill: 'company.address' }),
          f('rcs', 'Immatriculation (RCS)', 'text', { prefill: 'company.rcs' }),
        ],
      },
      {
        id: 'assemblee',
        title: 'L’assemblée',
        fields: [
          f('meetingDate', 'Date de l’assemblée', 'date', {
            required: true,
            help: 'Dans les six mois de la clôture de l’exercice (article L. 223-26 du code de commerce).',
          }),
          f('meetingPlace', 'Lieu', 'text', { required: true }),
          f('chair', 'Président de séance (le gérant)', 'text', {
            required: true,
            prefill: 'company.director',
          }),
          f('present', 'Associés présents ou représentés, et nombre de parts', 'textarea', {
            required: true,
          }),
          f('totalShares', 'Nombre total de parts sociales', 'number', { required: true }),
        ],
      },
      {
        id: 'comptes',
        title: 'Les comptes',
        fields: [
          f('closingDate', 'Date de clôture de l’exercice', 'date', { required: true }),
          f('result', 'Résultat de l’exercice (en euros, négatif pour une perte)', 'amount', {
            required: true,
          }),
          f('allocation', 'Affectation du résultat', 'textarea', {
            required: true,
            help: 'Par exemple : réserve légale, report à nouveau, dividendes.',
          }),
        ],
      },
    ],
    body: (v) => [
      {
        type: 'paragraph',
        style: 'strong',
        text: `${v('companyName')}\n${v('legalForm')}${v.has('capital') ? ` au capital de ${v('capital')}` : ''}\nSiège social : ${v('address')}${v.has('rcs') ? `\n${v('rcs')}` : ''}`,
      },
      {
        type: 'heading',
        text: `Procès-verbal de l’assemblée générale ordinaire du ${v.date('meetingDate')}`,
      },
      {
        type: 'paragraph',
        text: `Le ${v.date('meetingDate')}, à ${v('meetingPlace')}, les associés de la société se sont réunis en assemblée générale ordinaire annuelle, sur convocation de la gérance. Sont présents ou représentés : ${v('present')}, sur un total de ${v('totalShares')} parts sociales. L’assemblée est présidée par ${v('chair')}, gérant.`,
      },
      {
        type: 'paragraph',
        text: 'Le président rappelle que le rapport de gestion, les comptes annuels, le texte des résolutions et, le cas échéant, le rapport du commissaire aux comptes ont été adressés aux associés quinze jours au moins avant l’assemblée (article R. 223-19 du code de commerce).',
      },
      { type: 'heading', text: 'Première résolution — approbation des comptes' },
      {
        type: 'paragraph',
        text: `L’assemblée, après avoir pris connaissance du rapport de gestion, approuve les comptes de l’exercice clos le ${v.date('closingDate')}, tels qu’ils lui ont été présentés, qui font apparaître un résultat de ${v.amount('result')}. Cette résolution est adoptée par des associés représentant plus de la moitié des parts sociales.`,
      },
      { type: 'heading', text: 'Deuxième résolution — affectation du résultat' },
      {
        type: 'paragraph',
        text: `L’assemblée décide d’affecter le résultat comme suit : ${v('allocation')}. La dotation à la réserve légale est d’au moins un vingtième du bénéfice tant que cette réserve n’atteint pas le dixième du capital (article L. 232-10 du code de commerce).`,
      },
      { type: 'heading', text: 'Troisième résolution — quitus' },
      {
        type: 'paragraph',
        text: 'L’assemblée donne quitus au gérant de sa gestion pour l’exercice écoulé.',
      },
      { type: 'heading', text: 'Quatrième résolution — pouvoirs' },
      {
        type: 'paragraph',
        text: 'L’assemblée donne tous pouvoirs au porteur d’une copie du présent procès-verbal pour accomplir les formalités, notamment le dépôt des comptes annuels au greffe dans le mois qui suit leur approbation, ou deux mois en cas de dépôt par voie électronique (article L. 232-22 du code de commerce).',
      },
      {
        type: 'paragraph',
        text: 'L’ordre du jour étant épuisé, la séance est levée. Le présent procès-verbal est signé par le gérant.',
      },
      { type: 'signature', lines: [v('chair'), 'Gérant'] },
    ],
  },
  {
    id: 'attestation-de-domiciliation',
    title: 'Attestation de domiciliation',
    group: 'attestations',
    summary:
      'Attester, en tant que société de domiciliation agréée, qu’une entreprise est domiciliée dans vos locaux.',
    letter: false,
    companyRole: 'L’entreprise domiciliée',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'domiciliataire',
        title: 'La société de domiciliation',
        fields: [
          f('senderName', 'Dénomination', 'text', { required: true }),
          f('senderSiren', 'SIREN', 'text', { required: true }),
          f('senderAddress', 'Adresse des locaux', 'textarea', { required: true }),
          f('approval', 'Numéro et date de l’agrément préfectoral', 'text', { required: true }),
          f('senderSignatory', 'Nom et qualité du signataire', 'text', { required: true }),
        ],
      },
      recipientFromCompany('L’entreprise domiciliée'),
      {
        id: 'contrat',
        title: 'Le contrat',
        fields: [
          f('contractDate', 'Date du contrat de domiciliation', 'date', { required: true }),
          f('contractDuration', 'Durée du contrat', 'text', {
            required: true,
            help: 'Trois mois au moins, renouvelable (article R. 123-168 du code de commerce).',
          }),
          ...placeAndDate,
        ],
      },
    ],
    body: (v) => [
      {
        type: 'paragraph',
        text: `${v('senderName')} — SIREN ${v('senderSiren')}\n${v('senderAddress')}\nAgrément préfectoral : ${v('approval')}`,
      },
      {
        type: 'paragraph',
        text: `Je soussigné(e), ${v('senderSignatory')}, agissant pour le compte de la société ${v('senderName')}, entreprise de domiciliation agréée en application de l’article L. 123-11-3 du code de commerce, atteste que l’entreprise ${v('recipientName')}${v.has('recipientSiren') ? ` (SIREN ${v('recipientSiren')})` : ''} est domiciliée à l’adresse suivante :`,
      },
      { type: 'paragraph', style: 'strong', text: v('senderAddress') },
      {
        type: 'paragraph',
        text: `en vertu d’un contrat de domiciliation conclu le ${v.date('contractDate')} pour une durée de ${v('contractDuration')}, conforme aux articles R. 123-167 et suivants du code de commerce. Les locaux mis à disposition permettent une réunion régulière des organes de direction et la tenue, la conservation et la consultation des livres, registres et documents prescrits.`,
      },
      { type: 'paragraph', text: 'Attestation établie pour servir et valoir ce que de droit.' },
      { type: 'paragraph', text: `Fait à ${v('place')}, le ${v.date('letterDate')}.` },
      signature(v),
    ],
  },
  {
    id: 'reconnaissance-de-dette',
    title: 'Reconnaissance de dette',
    group: 'recouvrement',
    summary:
      'Constater par écrit qu’un débiteur reconnaît devoir une somme et s’engage à la rembourser.',
    letter: false,
    companyRole: 'Le créancier',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'debiteur',
        title: 'Le débiteur',
        fields: [
          f('debtorName', 'Nom ou dénomination', 'text', { required: true }),
          f('debtorAddress', 'Adresse', 'textarea', { required: true }),
          f('debtorSignatory', 'Signataire (et sa qualité s’il agit pour une société)', 'text', {
            required: true,
          }),
        ],
      },
      {
        id: 'creancier',
        title: 'Le créancier',
        fields: [
          f('creditorName', 'Nom ou dénomination', 'text', {
            required: true,
            prefill: 'company.name',
          }),
          f('creditorSiren', 'SIREN', 'text', { prefill: 'company.siren' }),
          f('creditorAddress', 'Adresse', 'textarea', {
            required: true,
            prefill: 'company.address',
          }),
        ],
      },
      {
        id: 'dette',
        title: 'La dette',
        fields: [
          f('amount', 'Montant (en euros)', 'amount', { required: true }),
          f('amountWords', 'Montant en toutes lettres', 'text', { required: true }),
          f('cause', 'Cause de la dette (prêt, factures…)', 'textarea', { required: true }),
          f('repayment', 'Modalités et date de remboursement', 'textarea', { required: true }),
          f('interest', 'Intérêts (facultatif ; à défaut, sans intérêts)', 'text'),
          ...placeAndDate,
        ],
      },
    ],
    body: (v) => [
      { type: 'heading', text: 'Reconnaissance de dette' },
      {
        type: 'paragraph',
        text: `Je soussigné(e), ${v('debtorSignatory')}, pour ${v('debtorName')}, demeurant ou ayant son siège ${v('debtorAddress')}, reconnais devoir à ${v('creditorName')}${v.has('creditorSiren') ? ` (SIREN ${v('creditorSiren')})` : ''}, ${v('creditorAddress')}, la somme de ${v.amount('amount')} (${v('amountWords')}).`,
      },
      { type: 'paragraph', text: `Cette somme est due au titre de : ${v('cause')}.` },
      {
        type: 'paragraph',
        text: `Je m’engage à la rembourser selon les modalités suivantes : ${v('repayment')}. ${v.has('interest') ? `Elle porte intérêt au taux de ${v('interest')}.` : 'Elle ne porte pas intérêt, sauf intérêts au taux légal en cas de retard après mise en demeure.'}`,
      },
      {
        type: 'notice',
        text: 'Pour faire preuve, l’acte doit comporter la signature du débiteur et la mention, écrite par lui-même, de la somme en toutes lettres et en chiffres ; en cas de différence, l’écrit vaut pour la somme écrite en toutes lettres (article 1376 du code civil). Recopiez cette mention à la main ci-dessous.',
      },
      {
        type: 'paragraph',
        text: 'Mention manuscrite du débiteur : « Bon pour reconnaissance de dette de la somme de ………………………… euros (en chiffres et en lettres) »',
      },
      {
        type: 'paragraph',
        text: `Fait à ${v('place')}, le ${v.date('letterDate')}, en deux exemplaires originaux.`,
      },
      { type: 'signature', lines: [v('debtorSignatory'), 'Signature du débiteur'] },
    ],
  },
  {
    id: 'pouvoir',
    title: 'Pouvoir (procuration)',
    group: 'attestations',
    summary:
      'Donner à une personne le pouvoir d’agir au nom de la société pour une démarche ou un acte précis.',
    letter: false,
    companyRole: 'La société qui donne pouvoir',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'mandant',
        title: 'La société (le mandant)',
        fields: [
          f('companyName', 'Dénomination', 'text', { required: true, prefill: 'company.name' }),
          f('companySiren', 'SIREN', 'text', { prefill: 'company.siren' }),
          f('address', 'Siège social', 'textarea', { required: true, prefill: 'company.address' }),
          f('representative', 'Représentant légal (nom et qualité)', 'text', {
            required: true,
            prefill: 'company.director',
          }),
        ],
      },
      {
        id: 'mandataire',
        title: 'Le mandataire',
        fields: [
          f('agentName', 'Nom et prénom', 'text', { required: true }),
          f('agentAddress', 'Adresse', 'textarea', { required: true }),
        ],
      },
      {
        id: 'objet',
        title: 'L’objet du pouvoir',
        fields: [
          f('purpose', 'Ce que le mandataire pourra faire', 'textarea', {
            required: true,
            help: 'Soyez précis : le mandataire ne peut rien faire au-delà (article 1989 du code civil).',
          }),
          f('validUntil', 'Valable jusqu’au', 'date', { required: true }),
          ...placeAndDate,
        ],
      },
    ],
    body: (v) => [
      { type: 'heading', text: 'Pouvoir' },
      {
        type: 'paragraph',
        text: `La société ${v('companyName')}${v.has('companySiren') ? `, SIREN ${v('companySiren')}` : ''}, dont le siège est ${v('address')}, représentée par ${v('representative')}, dûment habilité(e),`,
      },
      {
        type: 'paragraph',
        text: `donne pouvoir à ${v('agentName')}, demeurant ${v('agentAddress')},`,
      },
      {
        type: 'paragraph',
        style: 'strong',
        text: `de, en son nom et pour son compte : ${v('purpose')}.`,
      },
      {
        type: 'paragraph',
        text: `À cet effet, signer tous documents et faire toutes déclarations nécessaires à l’accomplissement de cette mission, et généralement faire le nécessaire, dans la limite de l’objet ci-dessus (articles 1984 et suivants du code civil). Ce pouvoir est valable jusqu’au ${v.date('validUntil')}.`,
      },
      { type: 'paragraph', text: `Fait à ${v('place')}, le ${v.date('letterDate')}.` },
      {
        type: 'paragraph',
        style: 'note',
        text: 'Faire précéder chaque signature de la mention manuscrite « Bon pour pouvoir » pour le mandant et « Bon pour acceptation du pouvoir » pour le mandataire.',
      },
      {
        type: 'signature',
        lines: [`Pour ${v('companyName')}, ${v('representative')}`, 'Le mandant'],
      },
      { type: 'signature', lines: [v('agentName'), 'Le mandataire'] },
    ],
  },
  {
    id: 'accord-de-confidentialite',
    title: 'Accord de confidentialité',
    group: 'contrats',
    summary:
      'Protéger les informations échangées avec un partenaire avant une négociation ou un projet commun.',
    letter: false,
    companyRole: 'Le partenaire',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'partie-1',
        title: 'Votre société',
        fields: [
          f('senderName', 'Dénomination', 'text', { required: true }),
          f('senderSiren', 'SIREN', 'text'),
          f('senderAddress', 'Siège social', 'textarea', { required: true }),
          f('senderSignatory', 'Représentant (nom et qualité)', 'text', { required: true }),
        ],
      },
      {
        id: 'partie-2',
        title: 'Le partenaire',
        fields: [
          f('recipientName', 'Dénomination', 'text', { required: true, prefill: 'company.name' }),
          f('recipientSiren', 'SIREN', 'text', { prefill: 'company.siren' }),
          f('recipientAddress', 'Siège social', 'textarea', {
            required: true,
            prefill: 'company.address',
          }),
          f('recipientSignatory', 'Représentant (nom et qualité)', 'text', {
            required: true,
            prefill: 'company.director',
          }),
        ],
      },
      {
        id: 'projet',
        title: 'Le projet et la durée',
        fields: [
          f('project', 'Objet des échanges (projet, négociation…)', 'textarea', { required: true }),
          f('durationYears', 'Durée de l’obligation de confidentialité (en années)', 'number', {
            required: true,
          }),
          f('court', 'Tribunal compétent (ville)', 'text', { required: true }),
          ...placeAndDate,
        ],
      },
    ],
    body: (v) => [
      { type: 'heading', text: 'Accord de confidentialité' },
      {
        type: 'paragraph',
        text: `Entre ${v('senderName')}${v.has('senderSiren') ? ` (SIREN ${v('senderSiren')})` : ''}, ${v('senderAddress')}, représentée par ${v('senderSignatory')},\net ${v('recipientName')}${v.has('recipientSiren') ? ` (SIREN ${v('recipientSiren')})` : ''}, ${v('recipientAddress')}, représentée par ${v('recipientSignatory')},\nci-après ensemble « les parties ».`,
      },
      { type: 'heading', text: 'Article 1 — Objet' },
      {
        type: 'paragraph',
        text: `Les parties échangent des informations dans le cadre du projet suivant : ${v('project')}. Le présent accord fixe les conditions dans lesquelles chaque partie protège les informations confidentielles reçues de l’autre.`,
      },
      { type: 'heading', text: 'Article 2 — Informations confidentielles' },
      {
        type: 'paragraph',
        text: 'Sont confidentielles toutes les informations, de quelque nature et sur quelque support que ce soit, communiquées par une partie à l’autre à l’occasion du projet, qu’elles soient ou non protégées au titre du secret des affaires (articles L. 151-1 et suivants du code de commerce). Ne le sont pas celles qui étaient publiques lors de leur communication ou le sont devenues sans faute de la partie qui les a reçues, celles que cette partie détenait déjà légitimement, ou qu’elle a reçues d’un tiers libre de les divulguer.',
      },
      { type: 'heading', text: 'Article 3 — Obligations' },
      {
        type: 'paragraph',
        text: 'Chaque partie s’engage à n’utiliser les informations confidentielles que pour le projet, à ne les communiquer qu’aux membres de son personnel et à ses conseils qui ont besoin de les connaître et sont tenus à la même confidentialité, et à les protéger avec le même soin que ses propres informations confidentielles. Une partie peut les divulguer si la loi ou une autorité judiciaire l’y oblige, en prévenant l’autre partie lorsque c’est permis.',
      },
      { type: 'heading', text: 'Article 4 — Durée et restitution' },
      {
        type: 'paragraph',
        text: `L’accord prend effet à sa signature. L’obligation de confidentialité dure ${v('durationYears')} ans à compter de la fin des échanges. À la demande de la partie qui les a communiquées, l’autre partie restitue ou détruit les informations confidentielles et leurs copies.`,
      },
      { type: 'heading', text: 'Article 5 — Absence d’autre engagement' },
      {
        type: 'paragraph',
        text: 'Le présent accord n’oblige aucune partie à conclure un contrat ni ne concède aucun droit de propriété intellectuelle sur les informations échangées.',
      },
      { type: 'heading', text: 'Article 6 — Droit applicable et litiges' },
      {
        type: 'paragraph',
        text: `L’accord est régi par le droit français. À défaut d’accord amiable, tout litige relève du tribunal compétent de ${v('court')}.`,
      },
      {
        type: 'paragraph',
        text: `Fait à ${v('place')}, le ${v.date('letterDate')}, en deux exemplaires originaux.`,
      },
      { type: 'signature', lines: [`Pour ${v('senderName')}`, v('senderSignatory')] },
      { type: 'signature', lines: [`Pour ${v('recipientName')}`, v('recipientSignatory')] },
    ],
  },
  {
    id: 'contrat-de-prestation-de-services',
    title: 'Contrat de prestation de services',
    group: 'contrats',
    summary:
      'Encadrer une mission entre professionnels : objet, prix, délais de paiement, responsabilité, résiliation.',
    letter: false,
    companyRole: 'Le client',
    updatedAt: UPDATED,
    steps: [
      {
        id: 'prestataire',
        title: 'Le prestataire',
        fields: [
          f('senderName', 'Dénomination', 'text', { required: true }),
          f('senderSiren', 'SIREN', 'text', { required: true }),
          f('senderAddress', 'Siège social', 'textarea', { required: true }),
          f('senderSignatory', 'Représentant (nom et qualité)', 'text', { required: true }),
        ],
      },
      {
        id: 'client',
        title: 'Le client',
        fields: [
          f('recipientName', 'Dénomination', 'text', { required: true, prefill: 'company.name' }),
          f('recipientSiren', 'SIREN', 'text', { prefill: 'company.siren' }),
          f('recipientAddress', 'Siège social', 'textarea', {
            required: true,
            prefill: 'company.address',
          }),
          f('recipientSignatory', 'Représentant (nom et qualité)', 'text', {
            required: true,
            prefill: 'company.director',
          }),
        ],
      },
      {
        id: 'mission',
        title: 'La mission',
        fields: [
          f('services', 'Description des prestations', 'textarea', { required: true }),
          f('startDate', 'Date de début', 'date', { required: true }),
          f('duration', 'Durée (ou date de fin)', 'text', { required: true }),
        ],
      },
      {
        id: 'prix',
        title: 'Prix et paiement',
        fields: [
          f('price', 'Prix hors taxes (en euros)', 'amount', { required: true }),
          f('priceBasis', 'Base du prix (forfait, par jour, par mois…)', 'text', {
            required: true,
          }),
          f('paymentDays', 'Délai de paiement (en jours à compter de la facture)', 'number', {
            required: true,
            help: '60 jours au plus à compter de la date de la facture (article L. 441-10 du code de commerce).',
          }),
          f('noticeDays', 'Préavis de résiliation (en jours)', 'number', { required: true }),
          f('court', 'Tribunal compétent (ville)', 'text', { required: true }),
          ...placeAndDate,
        ],
      },
    ],
    body: (v) => [
      { type: 'heading', text: 'Contrat de prestation de services' },
      {
        type: 'paragraph',
        text: `Entre ${v('senderName')} (SIREN ${v('senderSiren')}), ${v('senderAddress')}, représentée par ${v('senderSignatory')}, ci-après « le prestataire »,\net ${v('recipientName')}${v.has('recipientSiren') ? ` (SIREN ${v('recipientSiren')})` : ''}, ${v('recipientAddress')}, représentée par ${v('recipientSignatory')}, ci-après « le client ».`,
      },
      { type: 'heading', text: 'Article 1 — Objet' },
      {
        type: 'paragraph',
        text: `Le client confie au prestataire, qui l’accepte, les prestations suivantes : ${v('services')}. Le prestataire les exécute en toute indépendance, avec les moyens de son choix ; il n’existe aucun lien de subordination entre les parties.`,
      },
      { type: 'heading', text: 'Article 2 — Durée' },
      {
        type: 'paragraph',
        text: `Le contrat prend effet le ${v.date('startDate')} pour une durée de ${v('duration')}.`,
      },
      { type: 'heading', text: 'Article 3 — Obligations des parties' },
      {
        type: 'paragraph',
        text: 'Le prestataire est tenu d’une obligation de moyens : il exécute les prestations avec le soin et la diligence d’un professionnel. Le client lui fournit en temps utile les informations et l’accès nécessaires, et règle le prix aux échéances convenues.',
      },
      { type: 'heading', text: 'Article 4 — Prix et paiement' },
      {
        type: 'paragraph',
        text: `Le prix est de ${v.amount('price')} hors taxes (${v('priceBasis')}), majoré de la TVA au taux en vigueur. Les factures sont payables à ${v('paymentDays')} jours à compter de leur date, délai qui ne peut excéder soixante jours (article L. 441-10 du code de commerce). Tout retard entraîne de plein droit des pénalités au taux de la Banque centrale européenne majoré de dix points et une indemnité forfaitaire pour frais de recouvrement de 40 euros (article D. 441-5 du même code).`,
      },
      { type: 'heading', text: 'Article 5 — Responsabilité' },
      {
        type: 'paragraph',
        text: 'Chaque partie répond des dommages directs causés à l’autre par un manquement à ses obligations. La responsabilité du prestataire, hors faute lourde ou dolosive, est limitée au montant hors taxes payé par le client au titre du contrat au cours des douze derniers mois.',
      },
      { type: 'heading', text: 'Article 6 — Force majeure' },
      {
        type: 'paragraph',
        text: 'Aucune partie n’est responsable d’un manquement dû à un cas de force majeure au sens de l’article 1218 du code civil. Si l’empêchement dure plus de trente jours, chaque partie peut résilier le contrat par lettre recommandée avec demande d’avis de réception.',
      },
      { type: 'heading', text: 'Article 7 — Résiliation' },
      {
        type: 'paragraph',
        text: `Chaque partie peut mettre fin au contrat en respectant un préavis de ${v('noticeDays')} jours notifié par lettre recommandée avec demande d’avis de réception. En cas de manquement grave non réparé quinze jours après une mise en demeure, la partie lésée peut résilier le contrat sans préavis (articles 1224 et suivants du code civil). Les prestations réalisées restent dues.`,
      },
      { type: 'heading', text: 'Article 8 — Confidentialité et données personnelles' },
      {
        type: 'paragraph',
        text: 'Les parties gardent confidentielles les informations échangées pour l’exécution du contrat. Si le prestataire traite des données personnelles pour le compte du client, les parties concluent l’accord prévu par l’article 28 du règlement (UE) 2016/679 (RGPD).',
      },
      { type: 'heading', text: 'Article 9 — Droit applicable et litiges' },
      {
        type: 'paragraph',
        text: `Le contrat est régi par le droit français. À défaut d’accord amiable, tout litige relève du tribunal compétent de ${v('court')}.`,
      },
      {
        type: 'paragraph',
        text: `Fait à ${v('place')}, le ${v.date('letterDate')}, en deux exemplaires originaux.`,
      },
      { type: 'signature', lines: [`Le prestataire, ${v('senderSignatory')}`] },
      { type: 'signature', lines: [`Le client, ${v('recipientSignatory')}`] },
    ],
  },
];

export function templateById(id: string): DocumentTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

export const DISCLAIMER = (updatedAt: string) =>
  `Modèle établi d’après le droit français en vigueur au ${formatLongDate(updatedAt)}. C’est un modèle, non un conseil juridique : adaptez-le à votre situation et, en cas de doute, consultez un avocat, un notaire ou un expert-comptable.`;

/** GET /api/letter-templates and the /documents pages: what each template is, without its body. */
export function templateSummaries(filter: { letters?: boolean } = {}): TemplateSummary[] {
  return TEMPLATES.filter((t) => (filter.letters ? t.letter : true)).map(
    ({ body: _body, ...summary }) => summary,
  );
}
