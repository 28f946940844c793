import { describe, expect, it } from 'vitest';
import { isPublicApiPath } from '@/api-access/gate';
import { openApiDocument } from './openapi';
import { PUBLIC_TASKS, publicOpenApiDocument } from './openapi-public';

type Op = {
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: object; example?: unknown }> }>;
};

const full = openApiDocument('https://example.fr');
const pub = publicOpenApiDocument('https://example.fr');
const ops = Object.entries(pub.paths as Record<string, Record<string, Op>>).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);

describe('public OpenAPI document (issue 38)', () => {
  it('holds every operation of the public API and nothing else', () => {
    // Counted by the gate, and answering something else than an error (the drop-in's 404 path).
    const expected = Object.entries(full.paths as Record<string, Record<string, Op>>)
      .filter(
        ([p, methods]) =>
          isPublicApiPath(p) && Object.values(methods).some((o) => o.responses['200']),
      )
      .map(([p]) => p)
      .sort();
    expect(Object.keys(pub.paths).sort()).toEqual(expected);
    for (const internal of ['/api/captcha', '/api/payments/webhook', '/api/me', '/login'])
      expect(pub.paths).not.toHaveProperty(internal);
  });

  it('puts each operation under one task, every task used', () => {
    const names = PUBLIC_TASKS.map((t) => t.name);
    expect(pub.tags.map((t) => t.name)).toEqual(names);
    for (const { op } of ops) expect(names).toContain(op.tags?.[0]);
    expect(new Set(ops.map(({ op }) => op.tags![0]))).toEqual(new Set(names));
  });

  it('shows a real answer and its schema for every JSON GET operation', () => {
    const missing = ops
      .filter(
        ({ method, op }) => method === 'get' && op.responses['200']?.content?.['application/json'],
      )
      .filter(({ op }) => {
        const json = op.responses['200']!.content!['application/json']!;
        return json.example === undefined || !('properties' in (json.schema ?? {}));
      })
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it('states quotas and errors in its description', () => {
    expect(pub.info.description).toContain('## Quotas');
    expect(pub.info.description).toContain('## Erreurs');
    expect(pub.info.description).toContain('429');
  });
});
