// A small seeded generator for the loss-network simulation: xoshiro128** (Blackman and
// Vigna), 32-bit words so it is fast without BigInt, its state filled from the seed by
// splitmix32. Deterministic on every platform: integer operations only up to the final
// division.

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** A 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in (0, 1), never 0 or 1. */
  uniform(): number {
    return (this.nextUint32() + 0.5) / 4294967296;
  }

  /** Exponential with this mean. */
  exponential(mean: number): number {
    return -Math.log(this.uniform()) * mean;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.uniform() * n);
  }
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));
