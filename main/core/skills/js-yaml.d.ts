// js-yaml 4 ships no types (and @types/js-yaml is not installed): the two names frontmatter.ts uses.
declare module "js-yaml" {
  export const CORE_SCHEMA: object;
  export function load(text: string, options?: { schema?: object; json?: boolean; filename?: string }): unknown;
}
