// A long text drawn a piece at a time: each piece about PIECE_BYTES of UTF-8, ending at a line break where
// one is near, read from its source only when asked for (a string, or JSON printed lazily by prettyJson.ts).
// The page then lays out one piece per click instead of megabytes at once.

export interface TextSource {
  /** The next text, at most `maxBytes` of UTF-8; "" once there is none. */
  read(maxBytes: number): string;
  readonly done: boolean;
}

// Shared with the core, which cuts a big result's pieces the same way (issue 33).
import { utf8Length, utf8Prefix } from "../../../shared/byteBudget.js";

export { utf8Length, utf8Prefix };

/** Blocks of about `size` characters, each ending on a line break where one is in its second half. */
export function blocksOf(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  const blocks: string[] = [];
  for (let from = 0; from < text.length; ) {
    let end = Math.min(text.length, from + size);
    if (end < text.length) {
      const cut = text.lastIndexOf("\n", end - 1);
      if (cut >= from + size / 2) end = cut + 1;
      else if (/[\ud800-\udbff]/.test(text[end - 1]!)) end--; // never split a surrogate pair
    }
    blocks.push(text.slice(from, end));
    from = end;
  }
  return blocks;
}

export class StringSource implements TextSource {
  private at = 0;
  constructor(private readonly text: string) {}
  get done(): boolean {
    return this.at >= this.text.length;
  }
  read(maxBytes: number): string {
    const piece = utf8Prefix(this.text.slice(this.at, this.at + maxBytes), maxBytes);
    this.at += piece.length;
    return piece;
  }
}

/** The pieces read so far; more are read only when asked for. */
export class TextPieces {
  readonly pieces: string[] = [];
  private readonly sizes: number[] = [];
  private carry = "";

  constructor(
    private readonly source: TextSource,
    private readonly pieceBytes: number,
  ) {}

  /** True while there is text after the first `count` pieces. */
  hasMore(count: number): boolean {
    return this.pieces.length > count || this.carry !== "" || !this.source.done;
  }

  /** The first `count` pieces (fewer if the text ends first). Reading is idempotent: a re-render is free. */
  upTo(count: number): readonly string[] {
    while (this.pieces.length < count && (this.carry !== "" || !this.source.done)) this.readPiece();
    return this.pieces.slice(0, count);
  }

  /** How many pieces show the first occurrence of `needle` (lower case), reading at most `max`; 1 if none do. */
  countTo(needle: string, max: number): number {
    for (let i = 0; i < max; i++) {
      const piece = this.upTo(i + 1)[i];
      if (piece === undefined) break;
      if (piece.toLowerCase().includes(needle)) return i + 1;
    }
    return 1;
  }

  /** UTF-8 bytes of the first `count` pieces. */
  bytesOf(count: number): number {
    return this.sizes.slice(0, count).reduce((sum, n) => sum + n, 0);
  }

  private readPiece(): void {
    let text = this.carry + this.source.read(this.pieceBytes);
    this.carry = "";
    // Prefer to end on a line break in the last quarter, so a line is not split between two pieces.
    if (!this.source.done) {
      const cut = text.lastIndexOf("\n");
      if (cut >= 0 && text.length - cut <= this.pieceBytes / 4) {
        this.carry = text.slice(cut + 1);
        text = text.slice(0, cut + 1);
      }
    }
    this.pieces.push(text);
    this.sizes.push(utf8Length(text));
  }
}
