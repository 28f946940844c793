import { describe, expect, it } from 'vitest';
import { listCsv } from './list-csv';

describe('the followed-list export', () => {
  it('neutralises formula starts as every other export does', () => {
    const csv = listCsv(
      [
        { siren: '552032534', name: '@SAADANA', status: 'active', last_change_at: null },
        { siren: '732829320', name: '=HYPERLINK("x")', status: 'ceased', last_change_at: null },
        { siren: '880878145', name: '-2+3', status: 'unknown', last_change_at: '2026-11-20' },
      ],
      { active: 'Active', ceased: 'Cessée', unknown: 'Inconnu' },
    );
    expect(csv).toBe(
      '\ufeffsiren;nom;etat;dernier_changement\r\n' +
        "552032534;'@SAADANA;Active;\r\n" +
        '732829320;"\'=HYPERLINK(""x"")";Cessée;\r\n' +
        "880878145;'-2+3;Inconnu;2026-11-20\r\n",
    );
  });
});
