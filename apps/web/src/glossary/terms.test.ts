import { describe, expect, it } from 'vitest';
import { GLOSSARY } from './terms';

describe('glossary', () => {
  it('explains every term in a sentence or two a class can read', () => {
    for (const [id, entry] of Object.entries(GLOSSARY)) {
      expect(entry.term, id).toMatch(/\S/);
      expect(entry.text.length, id).toBeGreaterThan(30);
      expect(entry.text.length, id).toBeLessThan(260);
      expect(entry.text, id).toMatch(/[.)]$/);
    }
  });
  it('covers the terms the issue names', () => {
    for (const id of ['burst', 'offset', 'bhp', 'jet', 'laucvf', 'fdl', 'cwnd', 'ssthresh', 'rto', 'dupAck']) {
      expect(GLOSSARY).toHaveProperty(id);
    }
  });
});
