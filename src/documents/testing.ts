/** Test doubles of the documents module's issuers, shared by its tests and the pages' tests. */
import type { InpiClient } from '@/clients/inpi/rne-api';

const DANONE = '552032534';

/**
 * INPI's RNE API as the e2e run plays it (e2e/run.ts): Danone's filings (one public act, one
 * confidential, one public set of accounts), none for any other company.
 */
export const danoneFilingsInpi: InpiClient = {
  attachments: async (siren) => ({
    ok: true,
    value:
      siren === DANONE
        ? {
            acts: [
              {
                id: 'acte-1',
                filedAt: '2024-05-02',
                types: ['Statuts mis à jour'],
                confidential: false,
              },
              { id: 'acte-2', filedAt: '2023-01-10', types: [], confidential: true },
            ],
            balanceSheets: [
              {
                id: 'bilan-1',
                filedAt: '2024-06-01',
                closingDate: '2023-12-31',
                type: 'C',
                confidential: false,
              },
            ],
          }
        : { acts: [], balanceSheets: [] },
  }),
  download: async () => ({ ok: true, value: Buffer.from('%PDF-1.4') }),
};
