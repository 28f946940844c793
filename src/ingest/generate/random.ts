/** A small seeded PRNG (mulberry32): the same seed writes the same files, byte for byte. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)]!;
  }
  /** Skewed pick: early entries far more frequent (Zipf-like), as real name frequencies are. */
  zipf<T>(a: readonly T[]): T {
    const u = this.next();
    return a[Math.min(a.length - 1, Math.floor(a.length * u * u * u))]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}
