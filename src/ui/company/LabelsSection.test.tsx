import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { success } from '@/lib/errors';
import { LabelsSection } from './OtherSections';

describe('labels section', () => {
  it('shows each label once, with its identifiers and every source that gives it, dated', () => {
    const html = renderToStaticMarkup(
      <LabelsSection
        labels={success([
          {
            code: 'rge',
            label: 'RGE – Reconnu garant de l’environnement',
            description: 'Qualification RGE.',
            details: ['Qualification RGE : 3111D111'],
            source: { source: 'rge', label: 'ADEME, entreprises RGE', date: '2026-11-20' },
            sources: [
              { source: 'rge', label: 'ADEME, entreprises RGE', date: '2026-11-20' },
              {
                source: 'recherche-entreprises',
                label: 'Annuaire des Entreprises (DINUM)',
                date: '2026-05-17',
              },
            ],
          },
        ])}
      />,
    );
    expect(html.match(/RGE – Reconnu garant/g)).toHaveLength(1);
    expect(html).toContain('Qualification RGE : 3111D111');
    expect(html).toContain(
      'Sources : ADEME, entreprises RGE, mise à jour du 20/11/2026 ; Annuaire des Entreprises (DINUM), mise à jour du 17/05/2026',
    );
  });
});
