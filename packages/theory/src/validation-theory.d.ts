// Types of scripts/validate/theory.mjs (plain JavaScript, the validation report's models),
// which tcp-models.test.ts compares this package's models with.
declare module '*/validate/theory.mjs' {
  export function erlangB(k: number, a: number): number;
  export function mathis(x: { mss: number; rtt: number; p: number; b?: number }): number;
  export function padhye(x: { mss: number; rtt: number; p: number; t0: number; wmax?: number; b?: number }): number;
}
