import { maskAddress, type AddressParts } from '@/domain/diffusion';
import { departmentLabel, departmentOfCommune } from '@/domain/reference/departments';
import { clean } from './result';

/** An address as pages print it: stored columns to lines, partial diffusion applied. */
export type AddressView = {
  /** Lines to print, already masked under partial diffusion. */
  lines: string[];
  postcode: string | null;
  communeCode: string | null;
  communeName: string | null;
  departmentCode: string | null;
  departmentName: string | null;
  country: string | null;
  /** True when the street part is hidden (partial diffusion). */
  masked: boolean;
};

const STREET_TYPES: Record<string, string> = {
  AV: 'AVENUE',
  BD: 'BOULEVARD',
  CHE: 'CHEMIN',
  ALL: 'ALLÉE',
  IMP: 'IMPASSE',
  PL: 'PLACE',
  QUAI: 'QUAI',
  RTE: 'ROUTE',
  SQ: 'SQUARE',
  FG: 'FAUBOURG',
  CRS: 'COURS',
  PAS: 'PASSAGE',
  LD: 'LIEU-DIT',
  ZA: 'ZA',
  ZI: 'ZI',
};
const REPETITIONS: Record<string, string> = { B: 'BIS', T: 'TER', Q: 'QUATER', C: 'QUINQUIES' };

/** An address's columns as stored (establishments, head offices). */
export type AddressRow = {
  address_number: string | null;
  address_repetition: string | null;
  address_street_type: string | null;
  address_street: string | null;
  address_complement: string | null;
  address_post_box: string | null;
  postcode: string | null;
  commune_code: string | null;
  commune_name: string | null;
  cedex: string | null;
  foreign_city: string | null;
  foreign_country: string | null;
};

/** The address parts of a stored row, for addressView and the diffusion mask. */
export function addressPartsOfRow(row: AddressRow): AddressParts {
  return {
    addressNumber: row.address_number,
    addressRepetition: row.address_repetition,
    addressStreetType: row.address_street_type,
    addressStreet: row.address_street,
    addressComplement: row.address_complement,
    addressPostBox: row.address_post_box,
    postcode: row.postcode,
    communeCode: row.commune_code,
    communeName: row.commune_name,
    cedex: row.cedex,
    foreignCity: row.foreign_city,
    foreignCountry: row.foreign_country,
  };
}

export function addressView(parts: AddressParts, hideStreet: boolean): AddressView {
  const a = hideStreet ? maskAddress(parts) : parts;
  const c = (v: string | null) => clean(v);
  const rep = c(a.addressRepetition);
  const streetType = c(a.addressStreetType);
  const street = [
    c(a.addressNumber),
    rep ? (REPETITIONS[rep.toUpperCase()] ?? rep) : null,
    streetType ? (STREET_TYPES[streetType.toUpperCase()] ?? streetType) : null,
    c(a.addressStreet),
  ]
    .filter(Boolean)
    .join(' ');
  const communeName = c(a.communeName) ?? c(a.foreignCity);
  const city = [c(a.postcode), communeName, c(a.cedex) ? `CEDEX ${c(a.cedex)}` : null]
    .filter(Boolean)
    .join(' ');
  const country = c(a.foreignCountry);
  const lines = [
    c(a.addressComplement),
    street || null,
    c(a.addressPostBox),
    city || null,
    country,
  ].filter((l): l is string => !!l);
  const communeCode = c(a.communeCode);
  const dept = departmentOfCommune(communeCode) ?? departmentOfCommune(c(parts.postcode));
  return {
    lines,
    postcode: c(a.postcode),
    communeCode,
    communeName,
    departmentCode: dept,
    departmentName: departmentLabel(dept),
    country,
    masked: hideStreet,
  };
}
