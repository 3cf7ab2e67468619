// MCP content blocks (tool results, prompt messages, sampling messages) as a person reads them: text as
// text; images and audio from base64 (data: URLs, image and audio mime types only; CSP img-src and
// media-src data:); a `resource_link` as a button that reads it in the Resources tab; an embedded
// `resource` with the same preview as a read; `annotations` in words. Anything else as JSON. Never markup,
// and a huge base64 string is measured, not decoded.
import { createContext, useContext } from "react";
import { useInspectorStore } from "../hooks/context.js";
import { useSelectTab } from "../hooks/navigation.js";
import { useSelectedSession } from "../hooks/useSelectedSession.js";
import { CopyButton } from "./CopyButton.js";
import { JsonView, toJsonText } from "./JsonView.js";
import { ResourceContentView } from "./ResourceContentView.js";
import { formatBytes } from "./resourcePreview.js";
import { MediaBlock } from "./MediaBlock.js";
import { readWhole, RemoteText, useRemoteResult } from "./RemoteText.js";
import { TruncatedText } from "./TruncatedText.js";
import "../styles/content.css";

type Block = Record<string, unknown>;

/** The session the content came from: a resource_link is read there (the selected session otherwise). */
export const ContentSessionContext = createContext<string | undefined>(undefined);

const isObject = (value: unknown): value is Block => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `copyName`: the block gets a Copy button (its text, or its JSON) named "Copy <copyName>". `index`: its
 * place in a result's content, which may have been sent as its first piece only (issue 33).
 */
export function ContentBlock({ block, copyName, index }: { block: unknown; copyName?: string; index?: number }) {
  const b = isObject(block) ? block : {};
  const media = (b.type === "image" || b.type === "audio") && typeof b.data === "string";
  const remote = useRemoteResult();
  const cut = index !== undefined && b.type === "text" && typeof b.text === "string" ? remote?.pieces.texts.find((t) => t.index === index) : undefined;
  const wholeText = () => (cut && remote ? readWhole(remote.read, { part: "content", index: cut.index }) : b.type === "text" && typeof b.text === "string" ? b.text : toJsonText(block));
  return (
    <div className={`content-block block-${typeof b.type === "string" ? b.type.slice(0, 30).replace(/[^a-z_]/gi, "") : "unknown"}`}>
      {/* Media has its Download; every other block copies as its text or its JSON. */}
      {copyName && !media && <CopyButton className="block-copy" text={wholeText} what={copyName} />}
      {cut ? (
        <RemoteText part={{ part: "content", index: cut.index }} first={b.text as string} bytes={cut.bytes} className="content-text" copyWhat={`all of ${copyName ?? "this text"}`} />
      ) : (
        <BlockBody block={block} b={b} />
      )}
      <Annotations annotations={b.annotations} />
    </div>
  );
}

function BlockBody({ block, b }: { block: unknown; b: Block }) {
  if (b.type === "text" && typeof b.text === "string") return <TruncatedText text={b.text} className="content-text" />;
  if ((b.type === "image" || b.type === "audio") && typeof b.data === "string") return <MediaBlock kind={b.type} data={b.data} mimeType={b.mimeType} />;
  if (b.type === "resource_link" && typeof b.uri === "string") return <ResourceLink link={b} uri={b.uri} />;
  if (b.type === "resource" && isObject(b.resource)) return <ResourceContentView contents={b.resource} embedded />;
  return <JsonView value={block} />;
}

/** resource_link: the server names a resource without sending it; the button reads it in the Resources tab. */
function ResourceLink({ link, uri }: { link: Block; uri: string }) {
  const store = useInspectorStore();
  const selectTab = useSelectTab();
  const selected = useSelectedSession();
  const sessionId = useContext(ContentSessionContext) ?? selected?.sessionId;
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 1000) : undefined);
  const name = text(link.title) ?? text(link.name) ?? uri.slice(0, 200);
  const facts = [text(link.mimeType), typeof link.size === "number" ? formatBytes(link.size) : undefined].filter(Boolean).join(" · ");
  return (
    <div className="resource-link">
      <button
        type="button"
        className="link"
        disabled={!sessionId}
        aria-label={`Read ${uri.slice(0, 500)} in Resources`}
        onClick={() => {
          if (!sessionId) return;
          // The Resources tab shows the selected session: the link's session becomes it.
          store.getState().selectSession(sessionId);
          store.getState().requestResourceRead(sessionId, uri);
          selectTab("resources");
        }}
      >
        {name}
      </button>
      <span className="note"> {uri.slice(0, 2000)}</span>
      {facts && <span className="note"> · {facts}</span>}
      {text(link.description) && <p className="item-description">{text(link.description)}</p>}
    </div>
  );
}

/** Content annotations in words: who it is for, how important, when it last changed. */
export function Annotations({ annotations }: { annotations: unknown }) {
  if (!isObject(annotations)) return null;
  const parts: string[] = [];
  if (Array.isArray(annotations.audience)) parts.push(`Audience: ${annotations.audience.slice(0, 5).map((a) => String(a).slice(0, 40)).join(", ") || "none"}`);
  if (typeof annotations.priority === "number") parts.push(`Priority: ${annotations.priority}`);
  if (typeof annotations.lastModified === "string") parts.push(`Last modified: ${annotations.lastModified.slice(0, 60)}`);
  if (parts.length === 0) return null;
  return (
    <p className="content-annotations note" aria-label="Annotations">
      {parts.join(" · ")}
    </p>
  );
}

export function ContentList({ content, sessionId, copyName }: { content: unknown; sessionId?: string; copyName?: string }) {
  const body = !Array.isArray(content) ? (
    content === undefined ? null : <ContentBlock block={content} {...(copyName ? { copyName: `${copyName}'s content` } : {})} />
  ) : (
    <div className="content-list">
      {content.map((block, i) => (
        <ContentBlock key={i} block={block} index={i} {...(copyName ? { copyName: `block ${i + 1} of ${copyName}` } : {})} />
      ))}
    </div>
  );
  return sessionId ? <ContentSessionContext.Provider value={sessionId}>{body}</ContentSessionContext.Provider> : body;
}
