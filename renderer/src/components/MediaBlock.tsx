// An image or a sound from base64: shown when its mime type is one the page can show (a data: URL, CSP
// img-src / media-src data:) and its size is bounded; always its size, mime type and a Download button.
import { DownloadButton } from "./DownloadButton.js";
import { base64Bytes, formatBytes, INLINE_BASE64_LIMIT, isPlayableAudio, isShowableImage } from "./resourcePreview.js";

export function MediaBlock({ kind, data, mimeType, name }: { kind: "image" | "audio"; data: string; mimeType: unknown; name?: string }) {
  const bytes = base64Bytes(data);
  const type = typeof mimeType === "string" ? mimeType.slice(0, 100) : "no mime type";
  const what = `${kind === "image" ? "Image" : "Audio"} (${type}, ${formatBytes(bytes)})`;
  const showable = kind === "image" ? isShowableImage(mimeType) : isPlayableAudio(mimeType);
  const fits = data.length <= INLINE_BASE64_LIMIT;
  return (
    <figure className="content-media">
      {showable && fits && kind === "image" && <img className="content-image" alt={`Image from the server (${type})`} src={`data:${mimeType};base64,${data}`} />}
      {showable && fits && kind === "audio" && <audio className="content-audio" controls preload="metadata" aria-label={`Audio from the server (${type})`} src={`data:${mimeType};base64,${data}`} />}
      <figcaption className="note">
        {what}
        {!showable && ` · not shown: ${kind === "image" ? "only PNG, JPEG, GIF, WebP, AVIF and BMP images are" : "not an audio mime type"}`}
        {showable && !fits && " · too large to show here"}{" "}
        <DownloadButton data={data} mimeType={mimeType} name={name ?? kind} label={what} />
      </figcaption>
    </figure>
  );
}

