// Incoming requests whose params do not fit their schema are answered -32602 Invalid params, in words.
// The SDK parses a request against its handler's schema before the handler runs and answered a mismatch
// (a tasks/get without taskId, a task ttl that is a string) with -32603 Internal error and a raw zod dump.
import { z } from "zod";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

type RequestSchema = z.ZodObject<{ method: z.ZodLiteral<string> }>;

/**
 * A stand-in for `schema` to register a handler with: the same method literal (the SDK routes by it),
 * any shape accepted, and an McpError(-32602) thrown when `schema` rejects the request. An exception
 * thrown inside a zod refinement propagates out of `parse`, and the SDK answers with the error's code;
 * the hostile suite's "-32602" tests fail if that ever stops being so. Handlers receive the request as
 * it arrived (already checked against `schema`).
 */
export function withInvalidParamsErrors<S extends RequestSchema>(schema: S, quickVerdict?: z.ZodType): S {
  const method = schema.shape.method.value;
  return z
    .object({ method: z.literal(method) })
    .loose()
    .superRefine((request) => {
      // A schema that passes exactly what `schema` passes, faster (receiver/elicitVerdict.ts); a no is explained by `schema`.
      if (quickVerdict?.safeParse(request).success) return;
      const parsed = schema.safeParse(request);
      if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${describeIssues(parsed.error.issues)}`);
    }) as unknown as S;
}

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/** `params.taskId: Invalid input: expected string, received undefined`; for a union, the closest branch. */
export function describeIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = [...prefix, ...issue.path];
      if (issue.code === "invalid_union" && issue.errors?.length) {
        // A branch whose `type` matched is the one the sender meant (a content block of type "image" is
        // not a text block missing its text); among those, the one with the fewest problems.
        const meant = issue.errors.filter((branch) => !branch.some((i) => i.path.length === 1 && i.path[0] === "type"));
        const closest = (meant.length ? meant : issue.errors).reduce((best, branch) => (branch.length < best.length ? branch : best));
        if (closest.length) return describeIssues(closest, path);
      }
      return `${path.length ? path.map(String).join(".") : "(request)"}: ${issue.message}`;
    })
    .join("; ");
}
