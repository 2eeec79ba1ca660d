/**
 * The work buffer a layer's describe() fills (layers.ts: a throughput value is a mean over
 * a window of samples, computed into it). One for the page, grown when a run outgrows it:
 * the hover read-out and the text alternative ask on every move and every second, and a
 * fresh buffer the length of a long run each time would be garbage by the megabyte.
 * describe() returns a string, so nothing holds on to the buffer between calls.
 */
let buffer = new Float64Array(0);

export function describeScratch(length: number): Float64Array {
  if (buffer.length < length) buffer = new Float64Array(Math.max(length, buffer.length * 2));
  return buffer;
}
