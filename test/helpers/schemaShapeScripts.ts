// How a user fills the form of each tool of test/fixtures/schema-shapes-server.mjs, and the exact JSON the
// server must receive. One script per shape, written against a small driver so the same steps run in the
// renderer tests (user-event in happy-dom) and in Chromium (Playwright): typing, clicking steppers and
// switches, picking options and branches, adding, moving and removing array items, never setting state.

/** Where a control is: inside the groups (fieldsets) with these accessible names, outermost first. */
export type Scope = string[];

export interface FormDriver {
  /** Types `text` into the textbox (or date / date-time field) named `name`. */
  type(name: string, text: string, scope?: Scope): Promise<void>;
  /** Clicks the button named `name`. */
  press(name: string, scope?: Scope): Promise<void>;
  /** Clicks the checkbox named `name`. */
  toggle(name: string, scope?: Scope): Promise<void>;
  /** Picks the option labelled `option` in the select named `name`. */
  choose(name: string, option: string, scope?: Scope): Promise<void>;
}

export interface ShapeScript {
  tool: string;
  /** What this run proves, for the test's name. */
  what: string;
  fill(d: FormDriver): Promise<void>;
  /** JSON.stringify of the arguments the server must receive, byte for byte. */
  expected: string;
}

const TRICKY = 'He said "hi" \\ back\\slash ünï 😀 ∑ \u00e9 {[<tag>]}';

export const SHAPE_SCRIPTS: ShapeScript[] = [
  { tool: "string_required", what: "quotes, backslashes, unicode, emoji and brackets round-trip", fill: (d) => d.type("text", TRICKY), expected: JSON.stringify({ text: TRICKY }) },
  { tool: "string_optional", what: "an optional string left unset is absent", fill: async () => {}, expected: "{}" },
  { tool: "string_optional", what: "an optional string sent empty is the empty string", fill: (d) => d.toggle("Send text"), expected: '{"text":""}' },
  { tool: "string_length", what: "minLength/maxLength", fill: (d) => d.type("code", "abc"), expected: '{"code":"abc"}' },
  { tool: "string_pattern", what: "a pattern", fill: (d) => d.type("slug", "a-b"), expected: '{"slug":"a-b"}' },
  { tool: "string_default", what: "a default with quotes is prefilled and sent", fill: async () => {}, expected: '{"greeting":"hello \\"world\\""}' },
  { tool: "format_date", what: "format date", fill: (d) => d.type("day", "2026-02-03"), expected: '{"day":"2026-02-03"}' },
  { tool: "format_date_time", what: "format date-time (sent as UTC)", fill: (d) => d.type("at", "2026-02-03T04:05:06"), expected: '{"at":"2026-02-03T04:05:06Z"}' },
  { tool: "format_email", what: "format email", fill: (d) => d.type("email", "ada@example.com"), expected: '{"email":"ada@example.com"}' },
  { tool: "format_uri", what: "format uri", fill: (d) => d.type("link", "https://example.com/a?b=c&d=%20"), expected: '{"link":"https://example.com/a?b=c&d=%20"}' },
  { tool: "number_plain", what: "a typed number", fill: (d) => d.type("value", "-3.25"), expected: '{"value":-3.25}' },
  {
    tool: "number_step",
    what: "the stepper walks multipleOf 0.5 from the default",
    fill: async (d) => {
      await d.press("Increase amount");
      await d.press("Increase amount");
      await d.press("Increase amount");
      await d.press("Decrease amount");
    },
    expected: '{"amount":2}',
  },
  {
    tool: "integer_range",
    what: "an integer stepper starts at the minimum and stays within the bounds",
    fill: async (d) => {
      for (let i = 0; i < 7; i++) await d.press("Increase count");
      await d.press("Decrease count");
    },
    expected: '{"count":4}',
  },
  { tool: "number_exclusive", what: "exclusive bounds", fill: (d) => d.type("ratio", "0.25"), expected: '{"ratio":0.25}' },
  { tool: "boolean_required", what: "a required boolean", fill: (d) => d.toggle("flag"), expected: '{"flag":true}' },
  { tool: "boolean_default", what: "a boolean default turned off is sent as false", fill: (d) => d.toggle("enabled"), expected: '{"enabled":false}' },
  { tool: "nullable_string", what: "a nullable string set to null", fill: (d) => d.toggle("note is null"), expected: '{"note":null}' },
  { tool: "nullable_number", what: "a nullable number given a value", fill: (d) => d.type("limit", "7"), expected: '{"limit":7}' },
  { tool: "enum_plain", what: "a plain enum", fill: (d) => d.choose("size", "L"), expected: '{"size":"L"}' },
  { tool: "enum_titled", what: "a titled enum sends the constant, not the title", fill: (d) => d.choose("color", "Green"), expected: '{"color":"#0f0"}' },
  { tool: "enum_nullable", what: "a nullable enum's null option", fill: (d) => d.choose("level", "null"), expected: '{"level":null}' },
  { tool: "enum_numbers", what: "an enum of integers sends numbers", fill: (d) => d.choose("priority", "2"), expected: '{"priority":2}' },
  { tool: "const_value", what: "a constant is sent as fixed", fill: (d) => d.type("name", "x"), expected: '{"version":"v1","name":"x"}' },
  {
    tool: "one_of_objects",
    what: "oneOf: the branch picker chooses the object shape",
    fill: async (d) => {
      await d.type("radius", "2", ["shape"]);
      await d.choose("shape variant", "Rectangle", ["shape"]);
      await d.type("width", "3", ["shape"]);
      await d.type("height", "4", ["shape"]);
    },
    expected: '{"shape":{"kind":"rect","width":3,"height":4}}',
  },
  {
    tool: "any_of_primitives",
    what: "anyOf of primitives: the integer branch sends a number",
    fill: async (d) => {
      await d.choose("id variant", "integer", ["id"]);
      await d.type("id (integer)", "42", ["id"]);
    },
    expected: '{"id":42}',
  },
  { tool: "any_of_null", what: "anyOf with null: the default null is sent", fill: async () => {}, expected: '{"parent":null}' },
  {
    tool: "any_of_null",
    what: "anyOf with null: a value instead of the default null",
    fill: async (d) => {
      await d.toggle("parent is null");
      await d.type("parent", "p1");
    },
    expected: '{"parent":"p1"}',
  },
  {
    tool: "nested_object",
    what: "a nested object; its unset optional field is absent",
    fill: async (d) => {
      await d.type("street", "1 Main St.", ["address"]);
      await d.type("city", "Zürich", ["address"]);
    },
    expected: '{"address":{"street":"1 Main St.","city":"Zürich"}}',
  },
  { tool: "deep_nested", what: "three levels deep", fill: (d) => d.type("c", "5", ["a", "b"]), expected: '{"a":{"b":{"c":5}}}' },
  { tool: "optional_object", what: "an optional object is sent once something inside it is", fill: (d) => d.toggle("verbose", ["options"]), expected: '{"options":{"verbose":true}}' },
  {
    tool: "array_strings",
    what: "an array of strings: add, type, move up, remove",
    fill: async (d) => {
      for (const [i, text] of ["a", "b", "c"].entries()) {
        await d.press("Add tags item", ["tags"]);
        await d.type(`tags item ${i + 1}`, text, ["tags"]);
      }
      await d.press("Move tags item 3 up", ["tags"]);
      await d.press("Remove tags item 1", ["tags"]);
    },
    expected: '{"tags":["c","b"]}',
  },
  {
    tool: "array_numbers",
    what: "an array of numbers, one typed and one stepped",
    fill: async (d) => {
      await d.press("Add points item", ["points"]);
      await d.type("points item 1", "1.5", ["points"]);
      await d.press("Add points item", ["points"]);
      await d.press("Increase points item 2", ["points"]);
      await d.press("Increase points item 2", ["points"]);
    },
    expected: '{"points":[1.5,1]}',
  },
  {
    tool: "array_objects",
    what: "an array of objects, moved down",
    fill: async (d) => {
      await d.press("Add people item", ["people"]);
      await d.type("name", "Ada", ["people", "people item 1"]);
      await d.type("age", "36", ["people", "people item 1"]);
      await d.press("Add people item", ["people"]);
      await d.type("name", "Bob", ["people", "people item 2"]);
      await d.press("Move people item 1 down", ["people"]);
    },
    expected: '{"people":[{"name":"Bob"},{"name":"Ada","age":36}]}',
  },
  {
    tool: "array_enum",
    what: "a multi-select keeps the order picked",
    fill: async (d) => {
      await d.toggle("wed", ["days"]);
      await d.toggle("mon", ["days"]);
    },
    expected: '{"days":["wed","mon"]}',
  },
  {
    tool: "array_of_arrays",
    what: "an array of arrays",
    fill: async (d) => {
      await d.press("Add matrix item", ["matrix"]);
      await d.press("Add matrix item 1 item", ["matrix", "matrix item 1"]);
      await d.type("matrix item 1 item 1", "1", ["matrix", "matrix item 1"]);
      await d.press("Add matrix item 1 item", ["matrix", "matrix item 1"]);
      await d.type("matrix item 1 item 2", "2", ["matrix", "matrix item 1"]);
      await d.press("Add matrix item", ["matrix"]);
    },
    expected: '{"matrix":[[1,2],[]]}',
  },
  {
    tool: "map_strings",
    what: "additionalProperties as a map, a key named like a prototype member included",
    fill: async (d) => {
      await d.press("Add labels entry", ["labels"]);
      await d.type("labels key 1", "env", ["labels"]);
      await d.type("labels value 1", "prod", ["labels"]);
      await d.press("Add labels entry", ["labels"]);
      await d.type("labels key 2", "constructor", ["labels"]);
    },
    expected: '{"labels":{"env":"prod","constructor":""}}',
  },
  {
    tool: "null_vs_string",
    what: 'the string "null" and null stay apart',
    fill: async (d) => {
      await d.type("word", "null");
      await d.toggle("maybe is null");
    },
    expected: '{"word":"null","maybe":null}',
  },
  { tool: "defaults_nested", what: "nested defaults are sent once the object is", fill: (d) => d.toggle("Send config", ["config"]), expected: '{"config":{"retries":3,"mode":"safe"}}' },
  {
    tool: "ref_defs",
    what: "$ref into $defs",
    fill: async (d) => {
      await d.type("x", "1", ["from"]);
      await d.type("y", "2", ["from"]);
      await d.type("x", "3", ["to"]);
      await d.type("y", "-4", ["to"]);
    },
    expected: '{"from":{"x":1,"y":2},"to":{"x":3,"y":-4}}',
  },
  {
    tool: "kitchen_sink",
    what: "a form with everything at once",
    fill: async (d) => {
      await d.type("Title", "Report");
      await d.press("Increase Count");
      await d.choose("Kind", "Beta");
      await d.choose("Target variant", "File", ["Target"]);
      await d.type("path", "/tmp/a b", ["Target"]);
      await d.type("name", "Ada", ["Owner"]);
      await d.press("Add Steps item", ["Steps"]);
      await d.type("label", "one", ["Steps", "Steps item 1"]);
    },
    expected: '{"title":"Report","count":11,"kind":"b","target":{"path":"/tmp/a b"},"owner":{"name":"Ada"},"steps":[{"label":"one","done":false}]}',
  },
];
