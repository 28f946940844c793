import { describe, expect, it } from 'vitest';
import { POST } from '@/app/api/internal/revalidate/route';

// The web server draws this token at start (scripts/serve.ts); set before anything reads the env.
const TOKEN = 'a'.repeat(48);
process.env.INTERNAL_REVALIDATE_TOKEN = TOKEN;

const call = (headers: Record<string, string>, body: string) =>
  POST(
    new Request('http://localhost/api/internal/revalidate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );

describe('/api/internal/revalidate', () => {
  it('is a 404 without the token the server drew', async () => {
    expect((await call({}, '{"sirens":null}')).status).toBe(404);
    expect((await call({ 'x-revalidate-token': 'b'.repeat(48) }, '{"sirens":null}')).status).toBe(
      404,
    );
    expect((await call({ 'x-revalidate-token': 'short' }, '{"sirens":null}')).status).toBe(404);
    // Non-ASCII of the token's length in characters but not in bytes: refused, no crash.
    const wide = new Request('http://localhost/api/internal/revalidate', {
      method: 'POST',
      headers: { 'x-revalidate-token': Buffer.from('é'.repeat(48), 'utf8').toString('latin1') },
      body: '{"sirens":null}',
    });
    expect((await POST(wide)).status).toBe(404);
  });

  it('refuses a body that is not a list of SIRENs or null', async () => {
    const auth = { 'x-revalidate-token': TOKEN };
    for (const body of ['', 'x', '{}', '{"sirens":["12"]}', '{"sirens":"552032534"}'])
      expect((await call(auth, body)).status, body).toBe(400);
  });
});
