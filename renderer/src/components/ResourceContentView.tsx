// One resource's contents (a resources/read entry, or an embedded `resource` content block): text as
// text, JSON pretty-printed, images and audio shown, any other binary as its size and mime type with a
// Download button. The same preview in the Resources tab and in a tool's result.
import { useMemo } from "react";
import { JsonView } from "./JsonView.js";
import { MediaBlock } from "./MediaBlock.js";
import { DownloadButton } from "./DownloadButton.js";
import { base64Bytes, downloadName, formatBytes, isPlayableAudio, isShowableImage, prettyJson } from "./resourcePreview.js";
import { TruncatedText } from "./TruncatedText.js";

export function ResourceContentView({ contents, embedded = false }: { contents: Record<string, unknown>; embedded?: boolean }) {
  const uri = typeof contents.uri === "string" ? contents.uri.slice(0, 2000) : "";
  const mimeType = typeof contents.mimeType === "string" ? contents.mimeType.slice(0, 100) : undefined;
  return (
    <div className="resource-content" aria-label={`${embedded ? "Embedded resource" : "Contents of"} ${uri || "(no uri)"}`} role="group">
      <p className="note">
        {embedded && "Embedded resource · "}
        {uri} {mimeType ? `· ${mimeType}` : ""}
      </p>
      <Body contents={contents} uri={uri} mimeType={mimeType} />
    </div>
  );
}

function Body({ contents, uri, mimeType }: { contents: Record<string, unknown>; uri: string; mimeType: string | undefined }) {
  if (typeof contents.text === "string") return <TextContents text={contents.text} mimeType={mimeType} />;
  if (typeof contents.blob !== "string") return <JsonView value={contents} />;
  const blob = contents.blob;
  const name = downloadName(uri);
  if (isShowableImage(mimeType)) return <MediaBlock kind="image" data={blob} mimeType={mimeType} name={name} />;
  if (isPlayableAudio(mimeType)) return <MediaBlock kind="audio" data={blob} mimeType={mimeType} name={name} />;
  const what = `Binary content (${mimeType ?? "no mime type"}, ${formatBytes(base64Bytes(blob))})`;
  return (
    <p className="note resource-binary">
      {what} <DownloadButton data={blob} mimeType={mimeType} name={name} label={what} />
    </p>
  );
}

function TextContents({ text, mimeType }: { text: string; mimeType: string | undefined }) {
  const pretty = useMemo(() => prettyJson(text, mimeType), [text, mimeType]);
  return pretty !== undefined ? <TruncatedText text={pretty} className="json" label="JSON contents" /> : <TruncatedText text={text} className="content-text" />;
}
