import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerSchema } from '@/accounts/handlers';
import { fullProfile, partialProfile } from '@/accounts/users';
import { contactSchema } from '@/content/contact';
import { oppositionInput } from '@/opposition/submit';
import { complementaryInput } from '@/orders/complementary';
import { billingSchema, bodyPayloads, documentPayload } from '@/orders/payloads';
import { assemblePaths, openApiDocument } from './openapi';
import { schemaOf } from './openapi-parts';
import { ROUTE_BODIES, siteOperations } from './openapi-site';

type JsonSchema = {
  properties?: Record<string, unknown>;
  required?: string[];
  anyOf?: JsonSchema[];
};
type Operation = {
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

const paths = openApiDocument('https://example.fr').paths as Record<
  string,
  Record<string, Operation>
>;
const bodyOf = (key: string, type = 'application/json') => {
  const [method, path] = key.split(' ') as [string, string];
  return paths[path]?.[method.toLowerCase()]?.requestBody?.content[type]?.schema;
};

/**
 * The schema each route parses its body with, named here from the handler's own module: the
 * document's body must accept every field it reads, with the same constraints.
 */
const PARSED: Record<string, z.ZodType> = {
  'POST /api/account/register': registerSchema,
  'PATCH /api/me': partialProfile,
  'PATCH /api/onboarding/user-infos': fullProfile,
  'POST /api/contact': contactSchema,
  'POST /api/companies/complementary-informations': complementaryInput,
  'POST /api/orders/{id}/checkout': billingSchema,
  'POST /api/document/{documentId}/order': documentPayload,
  'POST /api/opposition': oppositionInput.omit({ personKey: true, website: true }),
};

function expectCovers(documented: JsonSchema | undefined, parsed: JsonSchema, what: string) {
  expect(documented, what).toBeDefined();
  for (const [field, schema] of Object.entries(parsed.properties ?? {}))
    expect(documented!.properties?.[field], `${what}: ${field}`).toEqual(schema);
  for (const field of parsed.required ?? [])
    expect(documented!.required, `${what}: ${field} required`).toContain(field);
}

describe('request bodies generated from the routes’ zod schemas', () => {
  it('documents every field of the schema each route parses, with its constraints', () => {
    for (const [key, schema] of Object.entries(PARSED))
      expectCovers(bodyOf(key), schemaOf(schema) as JsonSchema, key);
    // An order's body: one shape per kind that takes one.
    const shapes = bodyOf('POST /api/{kind}/{siren}/order')?.anyOf ?? [];
    for (const [kind, schema] of Object.entries(bodyPayloads))
      expect(shapes, kind).toContainEqual(schemaOf(schema));
  });

  it('names only operations the document has, each with its schema', () => {
    for (const [key, schema] of Object.entries(ROUTE_BODIES))
      expect(bodyOf(key), key).toEqual(schemaOf(schema));
  });

  it('follows a field added to a route’s schema', () => {
    const changed = siteOperations({
      ...ROUTE_BODIES,
      'POST /api/contact': contactSchema.extend({ company: z.string().max(80) }),
    }) as Record<string, Record<string, Operation>>;
    const schema = changed['/api/contact']!.post!.requestBody!.content['application/json']!.schema;
    expect(schema.properties?.company).toEqual({ type: 'string', maxLength: 80 });
    expect(bodyOf('POST /api/contact')?.properties).not.toHaveProperty('company');
  });
});

describe('the document’s assembly', () => {
  it('merges the modules’ methods of one path and refuses an operation documented twice', () => {
    const a = () => ({ '/api/x': { get: { summary: 'a' } } });
    const b = () => ({ '/api/x': { post: { summary: 'b' } } });
    expect(assemblePaths([a, b])).toEqual({
      '/api/x': { get: { summary: 'a' }, post: { summary: 'b' } },
    });
    expect(() => assemblePaths([a, b, a])).toThrow('GET /api/x documented twice');
  });

  it('writes French with the typographic apostrophe', () => {
    const straight = Object.entries(paths).flatMap(([path, methods]) =>
      Object.values(methods).flatMap((op) =>
        [op.summary, op.description]
          .filter((t): t is string => /\p{L}'\p{L}/u.test(t ?? ''))
          .map((t) => `${path}: ${t}`),
      ),
    );
    expect(straight).toEqual([]);
  });
});
