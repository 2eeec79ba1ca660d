/**
 * Buttons that go with a notice ("Open my saved work", "Download it"). The notice's text
 * lives in the session (SimController.notify); its actions are registered here with that
 * text, and the banner shows them only while that very notice is on screen, so a later
 * notice never inherits another's buttons.
 */
export interface NoticeAction {
  label: string;
  testId: string;
  run: () => void;
}

export class NoticeActions {
  private text: string | null = null;
  private actions: NoticeAction[] = [];

  /** The actions of the notice about to be shown (replaces any earlier ones). */
  set(text: string, actions: NoticeAction[]): void {
    this.text = text;
    this.actions = actions;
  }

  /** The actions of this notice, if it is the one they were registered with. */
  for(text: string | null): NoticeAction[] {
    return text !== null && text === this.text ? this.actions : [];
  }
}

/** The page's one set (the page has one notice banner). */
export const noticeActions = new NoticeActions();
