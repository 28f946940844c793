import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { depositHtmlOnly, htmlOnlySlotCount, htmlOnlyText } from './htmlOnly';
import { HtmlOnlyJsonLd } from './HtmlOnlyJsonLd';

const json = JSON.stringify({ '@type': 'Organization', name: 'DANONE <SA>' }).replace(
  /</g,
  '\\u003c',
);

describe('HtmlOnlyJsonLd: a JSON-LD block in the HTML and not in the RSC payload', () => {
  it('gives the client component a slot name, not the text (what the payload serializes)', () => {
    const element = HtmlOnlyJsonLd({ json, testId: 'company-jsonld' });
    const props = JSON.stringify(element.props);
    expect(props).not.toContain('DANONE');
    expect(props.length).toBeLessThan(60);
  });

  it('prints the text once in the server-rendered HTML', () => {
    const html = renderToStaticMarkup(<HtmlOnlyJsonLd json={json} testId="company-jsonld" />);
    expect(html).toBe(
      `<script type="application/ld+json" data-testid="company-jsonld">${json}</script>`,
    );
  });

  it('keeps a slot for a minute, whether read or not', () => {
    const t0 = Date.now() + 1_000; // after the slots of the tests above
    const read = depositHtmlOnly('lu', t0);
    const unread = depositHtmlOnly('jamais lu', t0 + 1);
    expect(htmlOnlyText(read)).toBe('lu');
    expect(htmlOnlyText(read)).toBe('lu'); // React may render the element twice
    depositHtmlOnly('plus tard', t0 + 59_999);
    expect(htmlOnlyText(unread)).toBe('jamais lu');
    const last = depositHtmlOnly('une minute après', t0 + 60_001);
    expect(htmlOnlyText(read)).toBeUndefined();
    expect(htmlOnlyText(unread)).toBeUndefined();
    expect(htmlOnlySlotCount()).toBe(2); // « plus tard » and the last one
    expect(htmlOnlyText(last)).toBe('une minute après');
  });
});
