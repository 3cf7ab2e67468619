// RFC 6570 URI Templates (all four levels), for a resource template's form and the server checks: its variables, and the URI
// a set of values builds. A template is server content: its length and its number of expressions are
// bounded, and parsing is one linear pass (no regular expression sees the whole template).

/** Longer templates are not offered as a form (the raw URI can still be typed). */
export const MAX_TEMPLATE_LENGTH = 8192;
export const MAX_EXPRESSIONS = 64;
export const MAX_VARIABLES = 32;
/** RFC 6570 §2.4.1: a prefix length is 1 to 9999. */
const MAX_PREFIX = 9999;

type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** RFC 6570 Appendix A: how each operator joins and encodes its variables. */
const OPERATORS: Record<Operator, { first: string; sep: string; named: boolean; ifEmpty: string; allowReserved: boolean }> = {
  "": { first: "", sep: ",", named: false, ifEmpty: "", allowReserved: false },
  "+": { first: "", sep: ",", named: false, ifEmpty: "", allowReserved: true },
  "#": { first: "#", sep: ",", named: false, ifEmpty: "", allowReserved: true },
  ".": { first: ".", sep: ".", named: false, ifEmpty: "", allowReserved: false },
  "/": { first: "/", sep: "/", named: false, ifEmpty: "", allowReserved: false },
  ";": { first: ";", sep: ";", named: true, ifEmpty: "", allowReserved: false },
  "?": { first: "?", sep: "&", named: true, ifEmpty: "=", allowReserved: false },
  "&": { first: "&", sep: "&", named: true, ifEmpty: "=", allowReserved: false },
};
/** Reserved by RFC 6570 §2.2 for future extensions: a template using them cannot be expanded. */
const FUTURE_OPERATORS = "=,!@|";

export interface VarSpec {
  name: string;
  /** `{var:3}`: only the first 3 characters. */
  prefix?: number;
  /** `{var*}`: for the string values a form gives, the same as without it. */
  explode: boolean;
}

export type TemplatePart = { kind: "literal"; text: string } | { kind: "expression"; operator: Operator; variables: VarSpec[] };

export type ParsedTemplate =
  | { ok: true; parts: TemplatePart[]; /** each variable once, in order of first use */ variables: string[] }
  | { ok: false; problem: string };

export function parseUriTemplate(template: string): ParsedTemplate {
  if (template.length > MAX_TEMPLATE_LENGTH) {
    return { ok: false, problem: `the template is ${template.length.toLocaleString("en-US")} characters long; a form is offered up to ${MAX_TEMPLATE_LENGTH.toLocaleString("en-US")}` };
  }
  const parts: TemplatePart[] = [];
  const variables: string[] = [];
  let expressions = 0;
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf("{", at);
    const close = template.indexOf("}", at);
    if (close !== -1 && (open === -1 || close < open)) return { ok: false, problem: `a "}" at character ${close + 1} closes no expression` };
    if (open === -1) {
      parts.push({ kind: "literal", text: template.slice(at) });
      break;
    }
    if (open > at) parts.push({ kind: "literal", text: template.slice(at, open) });
    if (close === -1) return { ok: false, problem: `the expression at character ${open + 1} is never closed` };
    if (++expressions > MAX_EXPRESSIONS) return { ok: false, problem: `more than ${MAX_EXPRESSIONS} expressions` };
    const expression = parseExpression(template.slice(open + 1, close), open + 1);
    if ("problem" in expression) return { ok: false, problem: expression.problem };
    for (const v of expression.variables) {
      if (variables.includes(v.name)) continue;
      if (variables.length === MAX_VARIABLES) return { ok: false, problem: `more than ${MAX_VARIABLES} variables` };
      variables.push(v.name);
    }
    parts.push(expression);
    at = close + 1;
  }
  return { ok: true, parts, variables };
}

/**
 * The variables a URI cannot do without: those of simple (`{var}`) and reserved (`{+var}`) expansions,
 * which stand for a piece of the URI itself. The other operators name their variable or drop their
 * prefix when it is undefined (`{?q}`, `{/path}`, `{#frag}`), so those stay optional.
 */
export function requiredVariables(parts: readonly TemplatePart[]): string[] {
  const required: string[] = [];
  for (const part of parts) {
    if (part.kind !== "expression" || (part.operator !== "" && part.operator !== "+")) continue;
    for (const v of part.variables) if (!required.includes(v.name)) required.push(v.name);
  }
  return required;
}

function parseExpression(body: string, position: number): Extract<TemplatePart, { kind: "expression" }> | { problem: string } {
  const where = `the expression at character ${position}`;
  if (!body) return { problem: `${where} is empty` };
  let operator: Operator = "";
  let list = body;
  if (FUTURE_OPERATORS.includes(body[0]!)) return { problem: `${where} uses "${body[0]}", an operator RFC 6570 reserves for the future` };
  if (body[0]! in OPERATORS) {
    operator = body[0] as Operator;
    list = body.slice(1);
  }
  const variables: VarSpec[] = [];
  for (const spec of list.split(",")) {
    let name = spec;
    let explode = false;
    let prefix: number | undefined;
    if (name.endsWith("*")) {
      explode = true;
      name = name.slice(0, -1);
    } else {
      const colon = name.indexOf(":");
      if (colon !== -1) {
        const digits = name.slice(colon + 1);
        if (!/^[1-9][0-9]{0,3}$/.test(digits)) return { problem: `${where} has a prefix ":${digits.slice(0, 20)}" that is not 1 to ${MAX_PREFIX}` };
        prefix = Number(digits);
        name = name.slice(0, colon);
      }
    }
    if (!isVarName(name)) return { problem: `${where} has a variable name "${name.slice(0, 40)}" RFC 6570 does not allow` };
    variables.push({ name, explode, ...(prefix ? { prefix } : {}) });
  }
  return { kind: "expression", operator, variables };
}

/** varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded */
function isVarName(name: string): boolean {
  return /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/.test(name);
}

/**
 * The URI the template builds from `values` (RFC 6570 §3): a variable without a value is undefined and
 * adds nothing; an empty string is defined (`{?x}` with x = "" gives `?x=`).
 */
export function expandUriTemplate(parsed: Extract<ParsedTemplate, { ok: true }>, values: ReadonlyMap<string, string>): string {
  let uri = "";
  for (const part of parsed.parts) {
    if (part.kind === "literal") {
      uri += encode(part.text, true);
      continue;
    }
    const op = OPERATORS[part.operator];
    let first = true;
    for (const spec of part.variables) {
      const raw = values.get(spec.name);
      if (raw === undefined) continue;
      uri += first ? op.first : op.sep;
      first = false;
      const value = spec.prefix ? [...raw].slice(0, spec.prefix).join("") : raw;
      if (op.named) uri += spec.name + (value === "" ? op.ifEmpty : `=${encode(value, op.allowReserved)}`);
      else uri += encode(value, op.allowReserved);
    }
  }
  return uri;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = ":/?#[]@!$&'()*+,;=";
const utf8 = new TextEncoder();

/** Percent-encode (UTF-8, upper-case hex) all but the unreserved characters, and the reserved ones too unless allowed. */
function encode(text: string, allowReserved: boolean): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const ch = String.fromCodePoint(code);
    i += ch.length;
    if (UNRESERVED.test(ch)) out += ch;
    else if (allowReserved && RESERVED.includes(ch)) out += ch;
    // With reserved expansion (+, #) a pct-encoded triplet is kept as is (RFC 6570 §3.2.3).
    else if (allowReserved && ch === "%" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i, i + 2))) out += ch;
    else for (const byte of utf8.encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
