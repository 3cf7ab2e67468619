// completion/complete answers, read leniently and bounded. The SDK's schema refuses a whole answer
// with more than 100 values; a user is better served by the first 100 and a line saying the rest were
// cut. Everything here is untrusted server content (DESIGN: validate at every trust boundary).
import { MAX_COMPLETION_VALUES, MAX_COMPLETION_VALUE_LENGTH, type ApiResult } from "../../shared/contract.js";

export type Completion = ApiResult<"complete">;

/** Read `result.completion` as sent and keep what the page may show. */
export function boundCompletion(result: unknown): Completion {
  const completion = isObject(result) && isObject(result.completion) ? result.completion : undefined;
  if (!completion || !Array.isArray(completion.values)) {
    throw new Error("The server's completion/complete answer has no completion.values list");
  }
  const sent = completion.values as unknown[];
  const values: string[] = [];
  let notText = 0;
  let tooLong = 0;
  // Only the first few hundred are looked at: a million values must not cost a million checks.
  const looked = sent.slice(0, MAX_COMPLETION_VALUES * 4);
  for (const value of looked) {
    if (values.length === MAX_COMPLETION_VALUES) break;
    if (typeof value !== "string") notText++;
    else if (value.length > MAX_COMPLETION_VALUE_LENGTH) tooLong++;
    else values.push(value);
  }
  const cut: string[] = [];
  if (sent.length > values.length + notText + tooLong) {
    cut.push(`the server sent ${sent.length.toLocaleString("en-US")} values; the spec allows ${MAX_COMPLETION_VALUES}, so only the first are shown`);
  }
  if (tooLong) cut.push(`${tooLong} longer than ${MAX_COMPLETION_VALUE_LENGTH.toLocaleString("en-US")} characters left out`);
  if (notText) cut.push(`${notText} that were not strings left out`);
  const total = completion.total;
  return {
    values,
    ...(typeof total === "number" && Number.isSafeInteger(total) && total >= 0 ? { total } : {}),
    ...(typeof completion.hasMore === "boolean" ? { hasMore: completion.hasMore } : {}),
    ...(cut.length ? { cut: `Suggestions cut: ${cut.join("; ")}.` } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
