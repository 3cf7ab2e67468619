// A run the user just started is scrolled into view in the Tools pane: below a long form it would start
// out of sight, and the user would not see that anything happened. Its card may be drawn before or after
// startToolRun answers (the core's toolRunChanged event can come first), so whichever comes second scrolls.
// When the run ends, its card (now with the result) is brought into view once more, unless the user has
// scrolled its head out of sight meanwhile. Focus stays where it was, so Enter runs again from the same field.

/** Each drawn card, and whether its run is still going. */
const shown = new Map<number, { element: HTMLElement; running(): boolean }>();
let wanted: number | undefined;
/** Runs brought into view while running: their end brings them into view once more. */
const following = new Set<number>();

function reveal(element: HTMLElement): void {
  // "nearest": a card that fits is brought up to the pane's bottom edge; a taller one shows its head.
  element.scrollIntoView?.({ block: "nearest" });
}

function scrollArea(element: HTMLElement): HTMLElement {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if (overflow === "auto" || overflow === "scroll") return at;
  }
  return document.documentElement;
}

function headInView(element: HTMLElement): boolean {
  const top = element.getBoundingClientRect().top;
  const area = scrollArea(element).getBoundingClientRect();
  return top >= area.top && top < area.bottom;
}

/** The user started run `runId`: show its card now, or as soon as it is drawn. */
export function revealRun(runId: number): void {
  const card = shown.get(runId);
  if (card) {
    wanted = undefined;
    reveal(card.element);
    if (card.running()) following.add(runId);
  } else {
    wanted = runId;
  }
}

/** Run `runId` has ended: its card grew by the result; if the user is still looking at it, show the result. */
export function revealEnded(runId: number): void {
  if (!following.delete(runId)) return;
  const card = shown.get(runId);
  if (card && headInView(card.element)) reveal(card.element);
}

/** A ref callback for run `runId`'s card; `running` says whether the run is still going as it is drawn. */
export function runCardRef(runId: number, running: () => boolean): (element: HTMLElement | null) => void {
  return (element) => {
    if (!element) {
      shown.delete(runId);
      following.delete(runId);
      return;
    }
    shown.set(runId, { element, running });
    if (wanted === runId) {
      wanted = undefined;
      reveal(element);
      if (running()) following.add(runId);
    }
  };
}
