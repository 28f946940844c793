/**
 * Company-page paths whose SIREN has a wrong check digit: the company route answers them 404
 * without any database read (the page's frame alone), the floor of a cold company page.
 */
export function invalidSirenPaths(n: number): string[] {
  const luhnOk = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let v = digits.charCodeAt(digits.length - 1 - i) - 48;
      if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
      sum += v;
    }
    return sum % 10 === 0;
  };
  const out: string[] = [];
  while (out.length < n) {
    const siren = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
    if (!luhnOk(siren)) out.push(`/entreprises/${siren}/introuvable`);
  }
  return out;
}
