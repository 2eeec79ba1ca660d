/**
 * The page's one lesson player (made in main.tsx, beside the scenario store), for the
 * Lessons menu, the lesson panel and the presets' *Show me*. Null where there is none
 * (a component rendered alone): those then show nothing of lessons.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LessonPlayer, PlayerState } from './player';

export const LessonPlayerContext = createContext<LessonPlayer | null>(null);

export function useLessonPlayer(): LessonPlayer | null {
  return useContext(LessonPlayerContext);
}

const NO_STATE = (): PlayerState | null => null;
const NO_SUBSCRIBE = () => () => {};

/** The player's state, re-rendering when it changes; null without a player. */
export function useLessonState(player: LessonPlayer | null): PlayerState | null {
  return useSyncExternalStore(player ? player.subscribe : NO_SUBSCRIBE, player ? player.getState : NO_STATE);
}
