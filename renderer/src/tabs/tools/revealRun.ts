// A run the user just started is scrolled into view in the Tools pane: below a long form it would start
// out of sight, and the user would not see that anything happened. Its card may be drawn before or after
// startToolRun answers (the core's toolRunChanged event can come first), so whichever comes second scrolls.
// Focus stays where it was, so Enter runs again from the same field.

const shown = new Map<number, HTMLElement>();
let wanted: number | undefined;

function reveal(element: HTMLElement): void {
  // "nearest": a card that fits is brought up to the pane's bottom edge; a taller one shows its head.
  element.scrollIntoView?.({ block: "nearest" });
}

/** The user started run `runId`: show its card now, or as soon as it is drawn. */
export function revealRun(runId: number): void {
  const element = shown.get(runId);
  if (element) {
    wanted = undefined;
    reveal(element);
  } else {
    wanted = runId;
  }
}

/** A ref callback for run `runId`'s card. */
export function runCardRef(runId: number): (element: HTMLElement | null) => void {
  return (element) => {
    if (!element) {
      shown.delete(runId);
      return;
    }
    shown.set(runId, element);
    if (wanted === runId) {
      wanted = undefined;
      reveal(element);
    }
  };
}
