// An image or a sound from base64: shown when its mime type is one the page can show (a data: URL, CSP
// img-src / media-src data:) and its size is bounded; always its size, mime type and a Download button.
// A small image (an icon, a 16-pixel test image) is drawn larger than its pixels so it can be seen, and any
// image opens larger in a dialog on click (Escape closes it).
import { useRef, useState } from "react";
import { DownloadButton } from "./DownloadButton.js";
import { Modal } from "./Modal.js";
import { base64Bytes, formatBytes, INLINE_BASE64_LIMIT, isPlayableAudio, isShowableImage } from "./resourcePreview.js";

/** An image narrower and lower than this (CSS pixels) is drawn scaled up, in whole steps. */
const SMALL_IMAGE_PX = 96;
const SMALL_IMAGE_SHOWN_PX = 128;

export function MediaBlock({ kind, data, mimeType, name }: { kind: "image" | "audio"; data: string; mimeType: unknown; name?: string }) {
  const bytes = base64Bytes(data);
  const type = typeof mimeType === "string" ? mimeType.slice(0, 100) : "no mime type";
  const what = `${kind === "image" ? "Image" : "Audio"} (${type}, ${formatBytes(bytes)})`;
  const showable = kind === "image" ? isShowableImage(mimeType) : isPlayableAudio(mimeType);
  const fits = data.length <= INLINE_BASE64_LIMIT;
  return (
    <figure className="content-media">
      {showable && fits && kind === "image" && <ZoomableImage src={`data:${mimeType};base64,${data}`} alt={`Image from the server (${type})`} />}
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

function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const [size, setSize] = useState<{ width: number; height: number }>();
  const small = size !== undefined && size.width > 0 && size.height > 0 && size.width < SMALL_IMAGE_PX && size.height < SMALL_IMAGE_PX;
  // Whole steps keep pixel art crisp (image-rendering: pixelated).
  const scale = small ? Math.max(1, Math.floor(SMALL_IMAGE_SHOWN_PX / Math.max(size.width, size.height))) : 1;
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="image-zoom" aria-label={`View larger: ${alt}`} title="Click to view larger" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <img
          className={small ? "content-image small-image" : "content-image"}
          alt={alt}
          src={src}
          onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          {...(small ? { width: size.width * scale, height: size.height * scale } : {})}
        />
      </button>
      {open && (
        <Modal onClose={() => setOpen(false)} title={alt} titleClassName="visually-hidden" className="image-zoom-dialog" overlayClassName="image-zoom-overlay" opener={opener}>
          <img className={small ? "zoomed-image small-image" : "zoomed-image"} alt={alt} src={src} />
          <p className="note">
            {size ? `${size.width} × ${size.height} pixels` : ""} · Escape closes{" "}
            <button type="button" className="image-zoom-close" onClick={() => setOpen(false)}>
              Close
            </button>
          </p>
        </Modal>
      )}
    </>
  );
}
