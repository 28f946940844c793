import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, urlOf } from '@/content';
import { compileContentForTests } from '@/content/testing';
import { Article } from './Article';

describe('content article page', () => {
  beforeAll(async () => {
    await compileContentForTests();
  });

  it('renders a long guide with its table of contents, sources, reading time and JSON-LD', () => {
    const guide = entries('creation').find((e) => e.slug === 'sasu')!;
    const url = urlOf('creation', guide);
    const html = renderToStaticMarkup(
      <Article
        entry={guide}
        url={url}
        kind="Article"
        trail={[
          { name: 'Créer son entreprise', href: '/creation-entreprise' },
          { name: guide.title, href: url },
        ]}
      />,
    );
    expect(html).toContain('<h1');
    expect(html).toContain('Sommaire');
    for (const t of guide.toc) expect(html).toContain(`href="#${t.id}"`);
    expect(html).toMatch(/Lecture : \d+ min/);
    expect(html).toContain('Chiffres 2026');
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('Légifrance');
  });

  it('describes a lexicon entry as a DefinedTerm of its set', () => {
    const term = entries('lexique')[0]!;
    const html = renderToStaticMarkup(
      <Article
        entry={term}
        url={urlOf('lexique', term)}
        kind="DefinedTerm"
        termSet={{ name: 'Notre lexique', href: '/notre-lexique' }}
        trail={[{ name: term.title, href: urlOf('lexique', term) }]}
      />,
    );
    expect(html).toContain('"@type":"DefinedTerm"');
    expect(html).toContain('"@type":"DefinedTermSet"');
    expect(html).not.toContain('Sommaire');
  });
});
