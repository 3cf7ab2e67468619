// MCP content blocks (tool results, prompt messages, sampling messages): text as text, images from
// base64 data as <img> (CSP allows data: images only), everything else as JSON. Never markup.
import { JsonView } from "./JsonView.js";
import { TruncatedText } from "./TruncatedText.js";

type Block = Record<string, unknown>;

export function ContentBlock({ block }: { block: unknown }) {
  const b = (typeof block === "object" && block !== null ? block : {}) as Block;
  if (b.type === "text" && typeof b.text === "string") return <TruncatedText text={b.text} className="content-text" />;
  if (b.type === "image" && typeof b.data === "string" && typeof b.mimeType === "string" && /^image\/(png|jpeg|gif|webp)$/i.test(b.mimeType)) {
    return <img className="content-image" alt={`Image from the server (${b.mimeType})`} src={`data:${b.mimeType};base64,${b.data}`} />;
  }
  return <JsonView value={block} />;
}

export function ContentList({ content }: { content: unknown }) {
  if (!Array.isArray(content)) return content === undefined ? null : <ContentBlock block={content} />;
  return (
    <div className="content-list">
      {content.map((block, i) => (
        <ContentBlock key={i} block={block} />
      ))}
    </div>
  );
}
