/**
 * /documents/loading/{id} (spec section 2, the document order flow) shows the order it names: it
 * goes to /commandes/{id}, that order's page, instead of a text that ignored its id. An older link
 * (/documents/loading/{template}?commande={order}) goes to its order too; anything else polls
 * nothing and says so.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Page from './page';

const ORDER = '0b3f5a52-7c1e-4c57-9a51-3f3c2d1e9a10';

async function redirectOf(documentId: string, query: Record<string, string> = {}) {
  try {
    await Page({ params: Promise.resolve({ documentId }), searchParams: Promise.resolve(query) });
  } catch (error) {
    // next/navigation's redirect throws; its digest names the target.
    return String((error as { digest?: string }).digest).split(';')[2];
  }
  return null;
}

describe('/documents/loading/{id}', () => {
  it('goes to the page of the order it names', async () => {
    expect(await redirectOf(ORDER)).toBe(`/commandes/${ORDER}`);
  });

  it('goes to the order of an older link that named the template', async () => {
    expect(await redirectOf('relance-de-paiement', { commande: ORDER })).toBe(
      `/commandes/${ORDER}`,
    );
  });

  it('says it knows no such order otherwise, and goes nowhere', async () => {
    expect(await redirectOf('relance-de-paiement', { commande: '../../api/x' })).toBeNull();
    const html = renderToStaticMarkup(
      await Page({
        params: Promise.resolve({ documentId: 'nimporte-quoi' }),
        searchParams: Promise.resolve({}),
      }),
    );
    expect(html).toContain('ne correspond à aucune commande');
    expect(html).toContain('href="/mon-compte"');
  });
});
