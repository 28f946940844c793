/**
 * OpenAPI 3.1 document of the registry API (spec section 7, "Companies and directors"), built
 * from the same section list the routes serve, so the two cannot drift apart.
 */
import { COMPANY_SECTIONS, type CompanySection } from './api';

const SECTION_DOCS: Record<CompanySection, string> = {
  labels:
    'Labels et certifications (RGE, Qualiopi, SIAE, FINESS, bio, service public, Egapro, bilan GES…), chacun avec sa source et sa date.',
  'kbis-available': "Indique si un extrait Kbis existe pour l'entreprise (immatriculation au RCS).",
  'share-capital': 'Capital social, devise et source.',
  'balance-sheets':
    'Comptes annuels publiés par exercice et par type de comptes (sociaux, consolidés).',
  'acts-and-articles-of-incorporation':
    'Actes et statuts déposés (non encore intégrés : liste vide et motif).',
  'articles-of-incorporation': 'Statuts (non encore intégrés : liste vide et motif).',
  acts: 'Actes déposés (non encore intégrés : liste vide et motif).',
  'insolvency-proceedings':
    'Procédures collectives publiées au BODACC, avec la situation actuelle.',
  'commercial-advertisements': 'Annonces BODACC, 50 par page (`page`).',
  establishments: 'Établissements, 20 par page (`page`), filtre `status` = open ou closed.',
  brands: 'Marques déposées à l’INPI.',
  patents: 'Brevets (aucune source ouverte intégrée : liste vide et motif).',
  representatives:
    'Dirigeants et représentants, avec le dirigeant principal ; naissance en mois et année seulement.',
  'similar-companies':
    'Entreprises actives de la même activité dans le même département, par taille.',
  'comparison-data':
    'Données pour le comparateur : identité, taille, chiffres clés des cinq derniers exercices.',
  agreements: 'Conventions collectives (IDCC) déclarées par les établissements.',
  'balance-sheets/detail-list': 'Indicateurs de bilan par exercice.',
  'income-statements/detail-list': 'Indicateurs du compte de résultat par exercice.',
  'pole-score':
    'Score de solvabilité : non calculable à partir des données ouvertes (available = false).',
  'stock-markets': 'Cotations boursières : aucune source ouverte (liste vide et motif).',
  employees: "Tranche d'effectif salarié et année de référence.",
  'key-numbers':
    'Chiffres clés : dernier exercice, établissements ouverts et fermés, effectif, capital.',
  'ecological-score-details':
    'Score écologique : non calculable à partir des données ouvertes (available = false).',
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const sirenParam = {
  name: 'siren',
  in: 'path',
  required: true,
  description: 'Numéro SIREN (9 chiffres ; complété à gauche par des zéros).',
  schema: { type: 'string', pattern: '^[0-9 ]{1,11}$' },
  example: '552032534',
};

const dataResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'object', required: ['data'], properties: { data: {} } } },
      },
    },
  },
});

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, unknown> = {
    '/api/companies/{siren}': {
      get: {
        tags: ['Entreprises'],
        summary: "Fiche d'une entreprise",
        description:
          'Identité, siège, identifiants (TVA, EORI), forme juridique, activité, capital, effectif, sources. Les données protégées (diffusion partielle, opposition) sont retirées. Avec `load_payment_data_only=true`, seulement les champs utiles au paiement.',
        parameters: [
          sirenParam,
          {
            name: 'load_payment_data_only',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['true'] },
          },
        ],
        responses: {
          200: dataResponse('La fiche, dans `data.data`.'),
          400: error('SIREN invalide (code INVALID_SIREN).'),
          404: error('Entreprise inconnue (code COMPANY_NOT_FOUND).'),
        },
      },
    },
  };
  for (const section of COMPANY_SECTIONS) {
    paths[`/api/companies/{siren}/${section}`] = {
      get: {
        tags: ['Entreprises'],
        summary: section,
        description: SECTION_DOCS[section],
        parameters: [
          sirenParam,
          ...(section === 'establishments'
            ? [
                { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
                {
                  name: 'status',
                  in: 'query',
                  schema: { type: 'string', enum: ['open', 'closed'] },
                },
              ]
            : section === 'commercial-advertisements'
              ? [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }]
              : []),
        ],
        responses: {
          200: dataResponse('Les données de la section, dans `data.data`.'),
          400: error('SIREN invalide (INVALID_SIREN).'),
          404: error('Entreprise inconnue (COMPANY_NOT_FOUND).'),
        },
      },
    };
  }
  const idParam = {
    name: 'id',
    in: 'path',
    required: true,
    description: "Identifiant d'un mandat de dirigeant (tel qu'il figure dans `representatives`).",
    schema: { type: 'string' },
  };
  const directorResponses = {
    200: dataResponse('Dans `data.data`.'),
    404: error('Dirigeant inconnu ou masqué à sa demande (DIRECTOR_NOT_FOUND).'),
  };
  paths['/api/directors/{id}'] = {
    get: {
      tags: ['Dirigeants'],
      summary: 'Profil de dirigeant',
      description:
        'Identité (nom, mois et année de naissance, nationalité), mandats en cours et passés, entreprises liées par des dirigeants communs.',
      parameters: [idParam],
      responses: directorResponses,
    },
  };
  paths['/api/directors/{id}/personal'] = {
    get: {
      tags: ['Dirigeants'],
      summary: 'Identité du dirigeant',
      parameters: [idParam],
      responses: directorResponses,
    },
  };
  paths['/api/directors/{id}/pole-score'] = {
    get: {
      tags: ['Dirigeants'],
      summary: 'Score du dirigeant',
      description: 'Non calculable à partir des données ouvertes (available = false).',
      parameters: [idParam],
      responses: directorResponses,
    },
  };
  paths['/api/opposition'] = {
    post: {
      tags: ['Vie privée'],
      summary: "Demande d'opposition",
      description:
        "Enregistre une demande de masquage, appliquée dès réception. Corps JSON : kind (company ou person), siren, directorId, email, reason, et captcha : la solution d'un défi de GET /api/captcha (trouver le nombre n ≤ maxNumber tel que SHA-256(salt + n) = challenge, puis envoyer en base64url le JSON { challenge, salt, signature, number }), valable une fois et 20 minutes.",
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['kind', 'email', 'captcha'],
              properties: {
                kind: { type: 'string', enum: ['company', 'person'] },
                captcha: { type: 'string' },
                siren: { type: 'string' },
                directorId: { type: 'string' },
                email: { type: 'string', format: 'email' },
                reason: { type: 'string', maxLength: 2000 },
              },
            },
          },
        },
      },
      responses: {
        201: dataResponse('Demande enregistrée.'),
        400: error(
          'Demande incomplète (INVALID_INPUT) ou captcha absent, faux, expiré ou déjà utilisé (CAPTCHA_MISSING, CAPTCHA_INVALID, CAPTCHA_EXPIRED, CAPTCHA_REUSED).',
        ),
      },
    },
  };
  paths['/api/captcha'] = {
    get: {
      tags: ['Vie privée'],
      summary: 'Défi anti-robot',
      description:
        'Un défi de preuve de travail pour les formulaires : { algorithm, challenge, salt, signature, maxNumber }. Jamais mis en cache.',
      responses: { 200: dataResponse('Le défi.') },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'API du registre des entreprises',
      version: '1.0.0',
      description:
        'Données des registres officiels (INSEE Sirene, RNE, BODACC, INPI) sur les entreprises françaises et leurs dirigeants. Toutes les réponses réussies enveloppent les données dans `data.data` ; les erreurs sont `{ error: { code, message } }` avec un statut 4xx.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
