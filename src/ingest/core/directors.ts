import type { DirectorRow } from './directors-writer';

/**
 * A company sitting as director (a legal person on a board): no person's fields, no person key.
 * What the BODACC, the RNE and the search API's answers each read.
 */
export function companyDirector(o: {
  roleCode: string | null;
  roleLabel: string | null;
  directorSiren: string | null;
  companyName: string | null;
}): DirectorRow {
  return {
    kind: 'company',
    roleCode: o.roleCode,
    roleLabel: o.roleLabel,
    lastName: null,
    usageName: null,
    firstNames: null,
    birthYear: null,
    birthMonth: null,
    nationality: null,
    directorSiren: o.directorSiren,
    companyName: o.companyName,
    startDate: null,
    personKey: null,
  };
}
