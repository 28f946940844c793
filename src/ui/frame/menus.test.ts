import { describe, expect, it } from 'vitest';
import { messages } from '@/i18n';
import { servicesFor } from '@/domain/catalogue';
import { groupBusinessList, groupServices } from './menus';
import { accordionFocusIndex, megaMenuReducer } from './menuState';

describe('business-list menu', () => {
  it('groups entries by type in menu order, each with an icon and a title', () => {
    const groups = groupBusinessList(messages.nav.businessList);
    expect(groups.map((g) => g.type)).toEqual([
      'company-creation',
      'files',
      'lexicon',
      'tips',
      'b2b',
    ]);
    for (const g of groups) {
      expect(g.icon).toBeTruthy();
      expect(g.title).toBeTruthy();
      expect(g.items.every((i) => i.type === g.type)).toBe(true);
    }
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(messages.nav.businessList.length);
  });

  it('falls back to the type name when no entry gives a typeTitle, and drops empty types', () => {
    const groups = groupBusinessList([{ type: 'tips', title: 'Un conseil', link: '/actualites' }]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ type: 'tips', title: 'Conseils', link: undefined });
  });
});

describe('services menu', () => {
  it('groups the compact variant by type, without the directors link', () => {
    const groups = groupServices(servicesFor('compact'));
    expect(groups[0]?.type).toBe('official-document');
    expect(groups.flatMap((g) => g.services).some((s) => s.link === '/dirigeants')).toBe(false);
  });
});

describe('mega-menus', () => {
  it('opening one closes the other; toggling the open one closes it; closeAll closes both', () => {
    let open = megaMenuReducer(null, { type: 'toggle', id: 'services' });
    expect(open).toBe('services');
    open = megaMenuReducer(open, { type: 'toggle', id: 'businessList' });
    expect(open).toBe('businessList');
    expect(megaMenuReducer(open, { type: 'toggle', id: 'businessList' })).toBeNull();
    expect(megaMenuReducer('services', { type: 'closeAll' })).toBeNull();
  });
});

describe('accordion keyboard', () => {
  it('moves with arrows (wrapping), Home and End', () => {
    expect(accordionFocusIndex('ArrowDown', 0, 3)).toBe(1);
    expect(accordionFocusIndex('ArrowDown', 2, 3)).toBe(0);
    expect(accordionFocusIndex('ArrowUp', 0, 3)).toBe(2);
    expect(accordionFocusIndex('Home', 2, 3)).toBe(0);
    expect(accordionFocusIndex('End', 0, 3)).toBe(2);
    expect(accordionFocusIndex('Enter', 0, 3)).toBeUndefined();
    expect(accordionFocusIndex('ArrowDown', 0, 0)).toBeUndefined();
  });
});
