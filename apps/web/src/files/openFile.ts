/**
 * A scenario file chosen or dropped by the user: read as text, checked like a share link
 * (syntax with line and column, then the same limits), before the engine sees it.
 */
import { checkSharedScenario, oneLine, parseScenarioText, type Scenario } from '@obs-tcp-sim/scenario';

/** Scenario files larger than this are refused unread (the share limit is 1 MiB of JSON). */
export const MAX_FILE_BYTES = 1 << 20;

export type FileRead = { ok: true; scenario: Scenario } | { ok: false; message: string };

/** A file's name in a message: anyone can name a file, so no control or bidi character and no endless name. */
const shownName = (fileName: string) => oneLine(fileName, 80);

export function scenarioFromText(fileName: string, text: string): FileRead {
  let scenario: Scenario;
  try {
    scenario = parseScenarioText(text);
  } catch (error) {
    return { ok: false, message: `${shownName(fileName)}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const refusal = checkSharedScenario(scenario);
  if (refusal) return { ok: false, message: `${shownName(fileName)}: ${refusal.message}` };
  return { ok: true, scenario };
}

export async function scenarioFromFile(file: File): Promise<FileRead> {
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, message: `${shownName(file.name)}: ${file.size} bytes, a scenario file has at most ${MAX_FILE_BYTES}` };
  }
  return scenarioFromText(file.name, await file.text());
}
