/**
 * The pieces every module of the OpenAPI document uses (src/public-api/openapi.ts, ./openapi-site.ts,
 * ./openapi/<feature>.ts): the answer shapes, and request bodies and query parameters generated
 * from the zod schemas the routes validate their input with (`jsonBody`), so a schema change cannot leave
 * the document behind.
 */
import { z } from 'zod';

/** An OpenAPI paths object: path → method → operation. */
export type OpenApiPaths = Record<string, Record<string, unknown>>;

/** An error answer: `{ error: { code, message } }`. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A success answer: the data in `data.data`. */
export const dataResponse = (description: string) => ({
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

/** A file (PDF, DOCX, spreadsheet). */
export const fileResponse = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

export const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 64 },
});

/**
 * The JSON Schema of what a zod schema accepts (its input side: before trims, defaults and
 * transforms), without the `$schema` line; a part JSON Schema cannot say (a refinement, a
 * transform) is left open.
 */
export function schemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

/** A JSON request body validated by `schema`. */
export const jsonBody = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: schemaOf(schema) } },
});
