// Where a JSON text first goes wrong, as a character offset: V8's JSON.parse messages name a position only
// for some errors ("Unexpected token ',', ...\"x\"... is not valid JSON" has none), and a person fixing a
// file by hand needs the line and column. A small strict scanner, run only after JSON.parse has refused.

export function jsonErrorAt(text: string): number {
  let at = 0;
  const ws = () => {
    while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  };
  const fail = (): never => {
    throw at;
  };
  const literal = (word: string) => (text.startsWith(word, at) ? void (at += word.length) : fail());
  const string = () => {
    at++;
    while (at < text.length) {
      const c = text[at]!;
      if (c === '"') return void at++;
      if (c < " ") fail();
      if (c === "\\") {
        const e = text[at + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) (at += 1), fail();
          at += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) at += 2;
        else (at += 1), fail();
      } else at++;
    }
    fail();
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!m) fail();
    at += m![0].length;
  };
  const value = (depth: number): void => {
    if (depth > 10_000) fail();
    ws();
    const c = text[at];
    if (c === "{") {
      at++;
      ws();
      if (text[at] === "}") return void at++;
      for (;;) {
        ws();
        if (text[at] !== '"') fail();
        string();
        ws();
        if (text[at] !== ":") fail();
        at++;
        value(depth + 1);
        ws();
        if (text[at] === ",") at++;
        else if (text[at] === "}") return void at++;
        else fail();
      }
    }
    if (c === "[") {
      at++;
      ws();
      if (text[at] === "]") return void at++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[at] === ",") at++;
        else if (text[at] === "]") return void at++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    fail();
  };
  try {
    value(0);
    ws();
    return at < text.length ? at : -1;
  } catch (position) {
    return typeof position === "number" ? position : -1;
  }
}
