// A CallToolResult exactly as the server sent it: isError, content, structuredContent (Q4).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ContentList } from "./ContentView.js";
import { JsonView } from "./JsonView.js";

export function CallToolResultView({ result }: { result: CallToolResult }) {
  return (
    <div className={result.isError ? "tool-result is-error" : "tool-result"}>
      {result.isError && <p className="status-error">The tool reported an error (isError: true)</p>}
      <ContentList content={result.content} />
      {result.structuredContent !== undefined && (
        <div>
          <h4>Structured content</h4>
          <JsonView value={result.structuredContent} />
        </div>
      )}
    </div>
  );
}
