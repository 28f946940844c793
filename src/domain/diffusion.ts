/**
 * SIRENE partial diffusion (statutDiffusion = 'P'), as the law and INSEE require:
 * - natural person: hide name, address and coordinates; show the SIREN and the commune only;
 *   such a person is not findable by name;
 * - legal person: hide the address below the commune.
 * Directors: birth month and year only, never the day.
 */
export type Diffusion = 'O' | 'P';

export function parseDiffusion(value: string | null | undefined): Diffusion | null {
  if (value === 'O' || value === 'P') return value;
  // 'N' (non diffusible) was the pre-2023 code for the same protection.
  if (value === 'N') return 'P';
  return null;
}

export type AddressParts = {
  addressNumber: string | null;
  addressRepetition: string | null;
  addressStreetType: string | null;
  addressStreet: string | null;
  addressComplement: string | null;
  addressPostBox: string | null;
  postcode: string | null;
  communeCode: string | null;
  communeName: string | null;
  cedex: string | null;
  foreignCity: string | null;
  foreignCountry: string | null;
};

/** Keeps the commune, drops everything below it. */
export function maskAddress<T extends AddressParts>(address: T): T {
  return {
    ...address,
    addressNumber: null,
    addressRepetition: null,
    addressStreetType: null,
    addressStreet: null,
    addressComplement: null,
    addressPostBox: null,
    postcode: null,
    cedex: null,
  };
}

export function isNameHidden(diffusion: string, isNaturalPerson: boolean): boolean {
  return diffusion !== 'O' && isNaturalPerson;
}

export function isAddressHidden(diffusion: string): boolean {
  return diffusion !== 'O';
}

/** Birth date reduced to month and year, whatever the source gave. */
export function birthMonthYear(
  value: string | null | undefined,
): { year: number; month: number | null } | null {
  if (!value) return null;
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = m[2] ? Number(m[2]) : null;
  if (year < 1850 || year > 2100) return null;
  if (month !== null && (month < 1 || month > 12)) return { year, month: null };
  return { year, month };
}
