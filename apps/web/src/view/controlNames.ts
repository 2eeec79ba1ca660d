/**
 * The words on the page's buttons and tabs that a lesson's or a preset's text may tell a
 * class to press or open ("press Next burst (B)", "the Loss matrix tab"), written once:
 * the components draw these strings, and lessons/controlMentions.ts holds every such text
 * to them. Renaming a button here renames it on screen, and a text still saying the old
 * name fails (validateLesson, controlMentions.test.ts) instead of sending a class looking
 * for a button that is not there ("Press Run comparison", for "Run A and B").
 */
import type { ViewTab } from './viewStore';

export const BUTTON_NAMES = {
  play: 'Play',
  pause: 'Pause',
  resetRun: 'Reset run',
  nextEvent: 'Next event',
  nextBurst: 'Next burst',
  dropNextData: 'Drop next data burst',
  dropNextAck: 'Drop next ACK burst',
  resetToPreset: 'Reset to preset',
  showMe: 'Show me',
  runCompare: 'Run A and B',
  lessonNext: 'Next',
  lessonBack: 'Back',
} as const;

/** The results tabs, as their tab list shows them. */
export const TAB_NAMES: Readonly<Record<ViewTab, string>> = {
  charts: 'Charts',
  channels: 'Channels',
  timespace: 'Time-space',
  loss: 'Loss matrix',
  log: 'Event log',
  compare: 'Compare A/B',
  sweep: 'Sweep',
};
