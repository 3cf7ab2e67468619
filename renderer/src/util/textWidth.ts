// How wide a line of text is drawn, in CSS pixels, for sizing table columns to their words (the Tasks
// table). A canvas measures it in the page's own font; where there is no canvas (a test's DOM) it returns
// undefined and the caller falls back to counting characters.

let context: CanvasRenderingContext2D | null | undefined;
let rootPx = 0;
let family = "";

function canvas(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  try {
    const made = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
    context = made && typeof made.measureText === "function" ? made : null;
  } catch {
    context = null;
  }
  if (context) {
    const root = getComputedStyle(document.documentElement);
    rootPx = Number.parseFloat(root.fontSize) || 16;
    family = root.fontFamily || "sans-serif";
  }
  return context;
}

/** Widths already measured: a table asks for the same few words (statuses, tool names) over and over. */
const measured = new Map<string, number>();
const MEASURED_KEPT = 2000;

/** The width of `text` at `sizeRem` (rem of the page), bold or not; undefined without a canvas. */
export function textWidthPx(text: string, sizeRem: number, bold = false): number | undefined {
  const ctx = canvas();
  if (!ctx) return undefined;
  const key = `${sizeRem}${bold ? "b" : ""}\u0000${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  ctx.font = `${bold ? "600 " : ""}${sizeRem * rootPx}px ${family}`;
  const width = ctx.measureText(text).width;
  if (!Number.isFinite(width)) return undefined;
  if (measured.size >= MEASURED_KEPT) measured.clear();
  measured.set(key, width);
  return width;
}

/** One rem in pixels (after a measure), for the padding around measured text. */
export function remPx(): number {
  canvas();
  return rootPx || 16;
}
