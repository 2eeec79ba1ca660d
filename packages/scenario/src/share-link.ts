// Share links (docs/sharing.md): a scenario in the URL hash, or a preset by name.
//
//   #s=1.<base64url(zlib(compact JSON of the scenario))>[&from=<preset id>]
//   #preset=<id of a preset in presets.ts>
//
// `from` names the preset an edited scenario comes from, so the page opening it shows that
// preset's "What to look for", marked as edited. Earlier versions ignore it (keys other
// than s and preset are ignored), and it is outside the scenario: fingerprints unchanged.
//
// "1." is the link format: how the bytes are packed (zlib, base64url, JSON text). The
// scenario inside carries its own `version` (format v1, the scenario schema, packages/scenario/src/schema): what the
// fields mean. The two change for different reasons, so each has its own number; the
// link's is outside the compressed data so a link from a later encoding is named as such
// without trying to inflate it.
//
// decodeShareHash never throws: every bad link (cut short, altered, too large, hostile)
// gives a one-sentence message, and the app opens the default scenario instead.

import type { Scenario } from './scenario';
import { ScenarioError } from './scenario-error';
import { checkJsonShape } from './json-shape';
import { parseScenarioText } from './parse-scenario-text';
import { escapeUnsafe, oneLine, quoteInput } from './safe-text';
import { PRESETS, findPreset } from './presets';
import { decodeBase64url, encodeBase64url } from './base64url';
import { inflateZlibCapped, zlibCompress } from './zlib-capped';
import { SHARE_LIMITS, checkSharedScenario, type ShareLinkError } from './share-limits';

export type { ShareLinkError } from './share-limits';

/** The link format encodeShareHash writes; decodeShareHash reads it and every earlier one. */
export const SHARE_LINK_FORMAT = 1;

export type ShareHashResult =
  /** A scenario from `#s=`: a fresh object, the caller's to edit; `fromPreset` the preset it comes from, if the link names a known one. */
  | { ok: true; source: 'link'; scenario: Scenario; fromPreset?: string }
  /** `#preset=<id>`: a copy of that preset's current scenario. */
  | { ok: true; source: 'preset'; presetId: string; scenario: Scenario }
  /** No link in the hash (empty, or just '#'): open the app as usual. */
  | { ok: true; source: 'none' }
  /** Show `error.message` and open the default scenario. */
  | { ok: false; error: ShareLinkError };

/**
 * The hash of a link to this scenario, '#' included: `#s=1.eJy...`. Set it with
 * `location.hash = encodeShareHash(s)` or append it to the page's address.
 * Throws ScenarioError when the link could not be opened again (the scenario breaks a
 * limit of SHARE_LIMITS, or is too large for a link), so no link is made that fails.
 */
export function encodeShareHash(scenario: Scenario, options: { fromPreset?: string } = {}): string {
  const refusal = checkSharedScenario(scenario);
  if (refusal !== null) throw new ScenarioError(`cannot share this scenario by link: ${refusal.message}`);
  // JSON.stringify without spaces keeps every field and its order: the decoded scenario
  // is the same JSON text, so the engine gives the same summary for the same seed.
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  if (json.length > SHARE_LIMITS.maxJsonBytes) {
    throw new ScenarioError(
      `cannot share this scenario by link: its JSON has ${json.length} bytes, at most ${SHARE_LIMITS.maxJsonBytes}; export it as a file instead`,
    );
  }
  const from = options.fromPreset !== undefined && findPreset(options.fromPreset) ? `&from=${encodeURIComponent(options.fromPreset)}` : '';
  const hash = `#s=${SHARE_LINK_FORMAT}.${encodeBase64url(zlibCompress(json))}${from}`;
  if (hash.length > SHARE_LIMITS.maxHashLength) {
    throw new ScenarioError(
      `cannot share this scenario by link: the link would have ${hash.length} characters, at most ${SHARE_LIMITS.maxHashLength}; export it as a file instead`,
    );
  }
  return hash;
}

/** The hash of a link to a preset: `#preset=paper000`. */
export function presetShareHash(presetId: string): string {
  return `#preset=${encodeURIComponent(presetId)}`;
}

/**
 * Reads `location.hash` (with or without its '#'). Never throws. Keys other than `s`
 * and `preset` are ignored when one of those is present (later versions may add some,
 * e.g. a time to start at); a hash with neither is refused as not a link of ours.
 */
export function decodeShareHash(hash: string): ShareHashResult {
  try {
    return decode(hash);
  } catch (error) {
    // Nothing above should throw; if something does, the page must still open.
    const detail = error instanceof Error ? error.message : String(error);
    return refuse(`the link could not be read (${oneLine(detail, 200)})`);
  }
}

function refuse(message: string, field?: string): ShareHashResult {
  return { ok: false, error: field === undefined ? { message } : { message, field } };
}

function decode(hash: string): ShareHashResult {
  if (typeof hash !== 'string') return refuse('the link is not text');
  if (hash.length > SHARE_LIMITS.maxHashLength) {
    return refuse(`the link is too long (${hash.length} characters, at most ${SHARE_LIMITS.maxHashLength})`);
  }
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body === '') return { ok: true, source: 'none' };

  const params = new Map<string, string>();
  for (const part of body.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!params.has(key)) params.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  const s = params.get('s');
  if (s !== undefined) {
    const result = decodeScenarioParam(s);
    const from = params.get('from');
    const id = from === undefined ? null : safeDecodeURIComponent(from);
    // An unknown preset (a later version's, a typo) is no reason to refuse the scenario.
    if (result.ok && result.source === 'link' && id !== null && findPreset(id)) return { ...result, fromPreset: id };
    return result;
  }
  const preset = params.get('preset');
  if (preset !== undefined) return decodePresetParam(preset);
  const first = [...params.keys()][0] ?? '';
  return refuse(`the link holds no scenario: expected #s=... or #preset=..., found #${escapeUnsafe(first.slice(0, 40))}`);
}

function decodePresetParam(raw: string): ShareHashResult {
  const id = safeDecodeURIComponent(raw);
  const preset = id === null ? undefined : findPreset(id);
  if (preset === undefined) {
    return refuse(`there is no preset ${quoteInput(id ?? raw, 40)}; the presets are ${PRESETS.map((p) => p.id).join(', ')}`);
  }
  return { ok: true, source: 'preset', presetId: preset.id, scenario: structuredClone(preset.scenario) as Scenario };
}

function decodeScenarioParam(raw: string): ShareHashResult {
  // Some mail and chat programs percent-encode a link; base64url itself never needs it.
  const param = raw.includes('%') ? safeDecodeURIComponent(raw) : raw;
  if (param === null || param === '') return refuse('the link is damaged: its #s= is empty or cut short');
  const dot = param.indexOf('.');
  const format = dot < 0 ? '' : param.slice(0, dot);
  if (!/^[1-9][0-9]{0,5}$/.test(format)) {
    return refuse('the link is damaged: expected #s=<format>.<data>, e.g. #s=1.eJy...');
  }
  if (Number(format) !== SHARE_LINK_FORMAT) {
    return Number(format) > SHARE_LINK_FORMAT
      ? refuse(
          `the link was made by a newer version of the simulator (link format ${format}; this version reads format ${SHARE_LINK_FORMAT})`,
        )
      : refuse(`the link is damaged: there is no link format ${format}`);
  }
  const base64 = decodeBase64url(param.slice(dot + 1));
  if (!base64.ok) return refuse(`the link is damaged: ${base64.reason}`);
  const inflated = inflateZlibCapped(base64.bytes, SHARE_LIMITS.maxJsonBytes);
  if (!inflated.ok) {
    return inflated.reason === 'too-large'
      ? refuse(`the link was refused: it unpacks to more than ${SHARE_LIMITS.maxJsonBytes} bytes of scenario (the limit for a link)`)
      : refuse(`the link is damaged: ${inflated.detail}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
  } catch {
    return refuse('the link is damaged: its scenario text is not valid UTF-8');
  }
  // Before JSON.parse: nesting is bounded here, so no stack ever runs deep below.
  if (checkJsonShape(text, { maxDepth: SHARE_LIMITS.maxDepth }) !== null) {
    return refuse(`the link's scenario nests objects and arrays deeper than ${SHARE_LIMITS.maxDepth} levels`);
  }
  let parsed: unknown;
  try {
    parsed = parseScenarioText(text);
  } catch (error) {
    return refuse(`the link's scenario is not valid: ${oneLine(error instanceof Error ? error.message : String(error))}`);
  }
  const refusal = checkSharedScenario(parsed);
  if (refusal !== null) return { ok: false, error: refusal };
  return { ok: true, source: 'link', scenario: parsed as Scenario };
}

function safeDecodeURIComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
