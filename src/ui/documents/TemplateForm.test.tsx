import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { templateSummaries } from '@/documents/templates/catalogue';
import { TemplateForm } from './TemplateForm';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

describe('document wizard', () => {
  it('counts its steps once: the legend says « sur N » beside N chips', () => {
    for (const template of templateSummaries()) {
      const html = renderToStaticMarkup(
        <TemplateForm template={template} initial={{}} siren={null} priceLabel="9,90 €" />,
      );
      const chips = html.match(/<ol[^>]*aria-label="Étapes"[^>]*>([\s\S]*?)<\/ol>/)![1]!;
      const count = chips.match(/<li/g)!.length;
      expect(count, template.id).toBe(template.steps.length + 1);
      expect(html, template.id).toContain(`Étape 1 sur ${count}`);
    }
  });
});
