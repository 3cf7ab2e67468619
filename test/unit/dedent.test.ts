// A server's description written as an indented block in its source reads as plain text: the same words and
// line breaks, without the indent its lines share or the blank lines around it.
import { describe, expect, it } from "vitest";
import { dedent } from "../../renderer/src/util/dedent.js";

describe("dedent", () => {
  it("drops the indent a template literal gave every line, and the blank lines around them", () => {
    // As @wonderwhy-er/desktop-commander's edit_block describes itself (24 spaces before each line).
    const pad = " ".repeat(24);
    const text = `\n${pad}Apply surgical edits to files.\n\n${pad}BEST PRACTICE: small edits.\n${pad}  - file_path: Path to the file\n${pad}`;
    expect(dedent(text)).toBe("Apply surgical edits to files.\n\nBEST PRACTICE: small edits.\n  - file_path: Path to the file");
  });

  it("ignores the first line's indent, as a docstring's summary sits right after its quotes", () => {
    expect(dedent("Reads a file.\n\n    Args:\n        path: where it is\n    ")).toBe("Reads a file.\n\nArgs:\n    path: where it is");
    expect(dedent("   one line   ")).toBe("one line   ");
  });

  it("takes a deep indent most lines share off them when a server adds lines at the margin", () => {
    // desktop-commander appends its Docker notes, unindented, to its 24-space template.
    const pad = " ".repeat(24);
    const text = `${pad}Apply surgical edits.\n\n${pad}Takes:\n${pad}  - file_path\n\nDOCKER: prefer /mnt/sandboxing.\n${pad}Referenced as "DC: ...".`;
    expect(dedent(text)).toBe('Apply surgical edits.\n\nTakes:\n  - file_path\n\nDOCKER: prefer /mnt/sandboxing.\nReferenced as "DC: ...".');
    // A shallow indent under a line at the margin is the text's own structure; a deep one on a few lines too.
    expect(dedent("Summary\nArgs:\n    path: the file\n    mode: r or w")).toBe("Summary\nArgs:\n    path: the file\n    mode: r or w");
    expect(dedent("Summary\nExample:\n          x = 1\nThat is all.")).toBe("Summary\nExample:\n          x = 1\nThat is all.");
  });

  it("leaves text alone when its lines share no indent", () => {
    for (const text of ["plain", "a\n  b\nc", "tab\n\tthen\n  spaces", "", "x\n\n\ny"]) expect(dedent(text)).toBe(text);
    expect(dedent("x\r\n    a\r\n    b\r\n")).toBe("x\r\na\r\nb\r");
  });

  it("takes off only the characters every line shares: a tab and spaces are not the same indent", () => {
    expect(dedent("x\n\t  a\n\t b")).toBe("x\n a\nb");
    expect(dedent("x\n\ta\n  b")).toBe("x\n\ta\n  b");
  });

  it("keeps whitespace-only lines inside as empty lines, and gives nothing for whitespace alone", () => {
    expect(dedent("x\n    a\n  \t \n    b")).toBe("x\na\n\nb");
    expect(dedent(" \n\t\r\n   ")).toBe("");
  });

  it("leaves prose over 100,000 characters as sent (a hostile megabyte is not re-cut before it is drawn)", () => {
    const many = "x\n" + "  y\n".repeat(24_000);
    expect(many.length).toBeLessThan(100_000);
    const out = dedent(many);
    expect(out.length).toBe(many.length - 1 - 2 * 24_000);
    expect(out.startsWith("x\ny\ny")).toBe(true);
    const huge = "x\n" + "  y\n".repeat(1_000_000);
    expect(dedent(huge)).toBe(huge);
    expect(dedent(" ".repeat(1_000_000) + "z")).toBe(" ".repeat(1_000_000) + "z");
  });
});
