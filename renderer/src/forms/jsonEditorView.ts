// The CodeMirror 6 editor behind "Edit as JSON". Imported on first use only (JsonEditor.tsx), so the
// first tab's bundle does not carry it. Lint: the text must parse, and the value is checked against the
// schema with the renderer's validator (never ajv: the CSP forbids its `new Function`); each problem is
// underlined at the value it is about.
import { basicSetup } from "codemirror";
import { EditorView } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { json } from "@codemirror/lang-json";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import { HighlightStyle, syntaxHighlighting, syntaxTree } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import type { SyntaxNode } from "@lezer/common";
import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { validateMapped } from "./validate.js";

export interface JsonEditorOptions {
  doc: string;
  label: string;
  schema: unknown;
  onChange(text: string): void;
  /** The id of the text that describes the editor (its help and errors). */
  describedBy?: string;
}

export interface JsonEditorHandle {
  destroy(): void;
  focus(): void;
}

const VALUE_NODES = new Set(["Object", "Array", "String", "Number", "True", "False", "Null"]);

function valueChildren(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (VALUE_NODES.has(child.name)) out.push(child);
  return out;
}

/** The text range of the value at a JSON pointer ("/a/0"), or of the nearest enclosing value found. */
function rangeOf(state: EditorState, pointer: string): { from: number; to: number } {
  const top = syntaxTree(state).topNode;
  let node: SyntaxNode | null = valueChildren(top)[0] ?? null;
  if (!node) return { from: 0, to: state.doc.length };
  const segments = pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  for (const segment of segments) {
    let next: SyntaxNode | null = null;
    if (node.name === "Object") {
      for (let prop: SyntaxNode | null = node.firstChild; prop; prop = prop.nextSibling) {
        if (prop.name !== "Property") continue;
        const name = prop.getChild("PropertyName");
        let text: unknown;
        try {
          text = name ? JSON.parse(state.sliceDoc(name.from, name.to)) : undefined;
        } catch {
          text = undefined;
        }
        if (text === segment) next = valueChildren(prop)[0] ?? name;
      }
    } else if (node.name === "Array") next = valueChildren(node)[Number(segment)] ?? null;
    if (!next) break;
    node = next;
  }
  // An object or array: underline its first line only, not the whole block.
  const line = state.doc.lineAt(node.from);
  return { from: node.from, to: Math.min(node.to, Math.max(line.to, node.from + 1)) };
}

function diagnostics(view: EditorView, schema: unknown): Diagnostic[] {
  const text = view.state.doc.toString();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const pos = at ? Math.min(Number(at[1]), text.length) : text.length;
    return [{ from: Math.max(0, pos - (pos === text.length ? 1 : 0)), to: Math.min(text.length, pos + 1), severity: "error", message: `Invalid JSON: ${message}` }];
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return [{ from: 0, to: Math.max(1, Math.min(text.length, 1)), severity: "error", message: "The value must be a JSON object" }];
  }
  return validateMapped(schema, value).problems.map((p) => ({ ...rangeOf(view.state, p.pointer), severity: "error" as const, message: p.message }));
}

const theme = EditorView.theme({
  "&": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--border)", borderRadius: "4px", fontSize: "0.85rem" },
  "&.cm-focused": { outline: "2px solid var(--focus)" },
  ".cm-content": { caretColor: "var(--text)", fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
  ".cm-gutters": { backgroundColor: "var(--code-bg)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--selected) 45%, transparent)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--selected)" },
  ".cm-cursor": { borderLeftColor: "var(--text)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--selected) !important" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--border)" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--error)" },
  ".cm-panels": { backgroundColor: "var(--panel)", color: "var(--text)" },
});

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schemas that may apply at a path (every branch of a oneOf/anyOf, $refs followed), at most a few dozen. */
function schemasAt(root: unknown, segments: (string | number)[]): Schema[] {
  const expand = (schema: unknown, depth = 0): Schema[] => {
    if (!isSchema(schema) || depth > 8) return [];
    if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) {
      let at: unknown = root;
      for (const part of schema.$ref.slice(2).split("/")) at = isSchema(at) && Object.prototype.hasOwnProperty.call(at, part) ? at[part] : undefined;
      return expand(at, depth + 1);
    }
    const branches = ["oneOf", "anyOf", "allOf"].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []));
    return [schema, ...branches.flatMap((b) => expand(b, depth + 1))].slice(0, 50);
  };
  let current = expand(root);
  for (const segment of segments) {
    current = current
      .flatMap((s) => {
        if (typeof segment === "number") return expand(s.items);
        const properties = isSchema(s.properties) ? s.properties : {};
        return Object.prototype.hasOwnProperty.call(properties, segment) ? expand(properties[segment]) : expand(s.additionalProperties);
      })
      .slice(0, 50);
  }
  return current;
}

/** The JSON path of a value node, from the syntax tree. */
function pathOf(state: EditorState, node: SyntaxNode): (string | number)[] {
  const segments: (string | number)[] = [];
  for (let cur = node, parent = node.parent; parent; cur = parent, parent = parent.parent) {
    if (parent.name === "Property") {
      const name = parent.getChild("PropertyName");
      try {
        if (name && cur.name !== "PropertyName") segments.unshift(JSON.parse(state.sliceDoc(name.from, name.to)) as string);
      } catch {
        return segments;
      }
    } else if (parent.name === "Array") segments.unshift(valueChildren(parent).findIndex((c) => c.from === cur.from));
  }
  return segments;
}

/** Property names the schema allows where the cursor is, and enum / const / boolean values in a value's place. */
function completeFromSchema(schema: unknown) {
  return (context: CompletionContext): CompletionResult | null => {
    const at = syntaxTree(context.state).resolveInner(context.pos, -1);
    // Right after "{" or ",", the cursor's node is that token; the object is its parent.
    const node = (at.name === "{" || at.name === ",") && at.parent ? at.parent : at;
    const inName = node.name === "PropertyName";
    const object = inName ? node.parent?.parent : node.name === "Object" ? node : null;
    if (object && object.name === "Object") {
      const present = new Set<string>();
      for (let prop = object.firstChild; prop; prop = prop.nextSibling) {
        const name = prop.name === "Property" ? prop.getChild("PropertyName") : null;
        if (name && name.from !== node.from) {
          try {
            present.add(JSON.parse(context.state.sliceDoc(name.from, name.to)) as string);
          } catch {
            // A half-typed name: nothing to leave out.
          }
        }
      }
      const options: Completion[] = [];
      for (const s of schemasAt(schema, pathOf(context.state, object))) {
        if (!isSchema(s.properties)) continue;
        const required = new Set(Array.isArray(s.required) ? s.required : []);
        for (const [name, sub] of Object.entries(s.properties)) {
          if (present.has(name) || options.some((o) => o.label === JSON.stringify(name))) continue;
          const detail = isSchema(sub) ? [typeof sub.type === "string" ? sub.type : "", required.has(name) ? "required" : ""].filter(Boolean).join(", ") : "";
          options.push({ label: JSON.stringify(name), apply: inName ? JSON.stringify(name) : `${JSON.stringify(name)}: `, type: "property", detail, ...(isSchema(sub) && typeof sub.description === "string" ? { info: sub.description.slice(0, 500) } : {}) });
        }
      }
      if (!options.length || (!inName && !context.explicit && !context.matchBefore(/[{,]\s*$/))) return null;
      return { from: inName ? node.from : context.pos, options, validFor: /^"?[^"]*"?$/ };
    }
    const valueNode = ["String", "Number", "True", "False", "Null"].includes(node.name) && node.parent?.name === "Property" ? node : null;
    if (!valueNode) return null;
    const values = new Map<string, Completion>();
    for (const s of schemasAt(schema, pathOf(context.state, valueNode))) {
      const add = (v: unknown, label?: unknown) => values.set(JSON.stringify(v), { label: JSON.stringify(v), type: "constant", ...(typeof label === "string" ? { detail: label } : {}) });
      if (Array.isArray(s.enum)) s.enum.forEach((v) => add(v));
      if ("const" in s) add(s.const, s.title);
      if (s.type === "boolean") [true, false].forEach((v) => add(v));
    }
    return values.size ? { from: valueNode.from, to: valueNode.to, options: [...values.values()] } : null;
  };
}

// Token colours from the app's own palette, so both themes read (the default style is made for light only).
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: "var(--accent)" },
  { tag: tags.string, color: "var(--ok)" },
  { tag: tags.number, color: "var(--info)" },
  { tag: [tags.bool, tags.null], color: "var(--warn)", fontWeight: "600" },
  { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: "var(--muted)" },
]);

export function createJsonEditor(parent: HTMLElement, options: JsonEditorOptions): JsonEditorHandle {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        basicSetup,
        json(),
        // No Tab-to-indent: Tab keeps moving focus, so the editor is never a keyboard trap.
        linter((v) => diagnostics(v, options.schema), { delay: 250 }),
        lintGutter(),
        theme,
        syntaxHighlighting(highlight),
        autocompletion({ override: [completeFromSchema(options.schema)] }),
        EditorView.contentAttributes.of({ "aria-label": options.label, ...(options.describedBy ? { "aria-describedby": options.describedBy } : {}) }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return { destroy: () => view.destroy(), focus: () => view.focus() };
}
