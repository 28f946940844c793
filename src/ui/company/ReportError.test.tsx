import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HOLDERS, REPORT_SECTIONS, isReportSection, type DataHolder } from '@/domain/error-reports';
import { SECTIONS } from '@/registry/sections';
import { Section } from './Section';

describe('« Signaler une erreur »', () => {
  it('is offered under every section of the company page', () => {
    for (const section of SECTIONS) expect(isReportSection(section.id), section.id).toBe(true);
    const html = renderToStaticMarkup(
      <Section id="dirigeants" title="Dirigeants">
        <p>…</p>
      </Section>,
    );
    expect(html).toContain('Signaler une erreur');
    // The dialog's form (and its captcha) is rendered only once opened: the page stays the same for all.
    expect(html).not.toContain('name="message"');
  });

  it('is not offered under sections of other pages', () => {
    const html = renderToStaticMarkup(
      <Section id="mandats" title="Mandats">
        <p>…</p>
      </Section>,
    );
    expect(html).not.toContain('Signaler une erreur');
  });

  it('names an administration and an official link for every source the site does not hold', () => {
    for (const def of Object.values(REPORT_SECTIONS))
      for (const field of Object.values(def.fields) as Array<{
        label: string;
        holder: DataHolder;
      }>) {
        const g = HOLDERS[field.holder];
        expect(g.authority).toBeTruthy();
        if (field.holder !== 'site') expect(g.links.length, field.label).toBeGreaterThan(0);
      }
  });
});
