// Saves base64 content the server sent as a file; decoding happens only on the click.
import { useState } from "react";
import { downloadBase64 } from "./resourcePreview.js";

export function DownloadButton({ data, mimeType, name, label }: { data: string; mimeType: unknown; name: string; label: string }) {
  const [problem, setProblem] = useState<string>();
  return (
    <>
      <button
        type="button"
        className="secondary download"
        aria-label={`Download ${label}`}
        onClick={() => {
          try {
            setProblem(undefined);
            downloadBase64(data, mimeType, name);
          } catch {
            setProblem("It cannot be downloaded: the server's data is not valid base64.");
          }
        }}
      >
        Download
      </button>
      {problem && (
        <span className="status-error" role="alert">
          {" "}
          {problem}
        </span>
      )}
    </>
  );
}
