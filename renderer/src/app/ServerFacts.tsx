// Server facts (issue 13): what the server said about itself and how this session talks to it, on one
// panel. Everything is the server's text, drawn as text and cut to a readable length.
import type { SessionInfo } from "../../../shared/types.js";
import { JsonView } from "../components/JsonView.js";
import { TruncatedText } from "../components/TruncatedText.js";

/** A one-line fact longer than this is cut (a server may send a 1 MB "name"). */
const SHORT_FACT = 300;

function Short({ text }: { text: string | undefined }) {
  if (text === undefined || text === "") return <span className="note">(not given)</span>;
  return <span className="fact-text">{text.length > SHORT_FACT ? `${text.slice(0, SHORT_FACT)}… (${text.length} characters)` : text}</span>;
}

export function ServerFacts({ session }: { session: SessionInfo }) {
  const info = session.serverInfo as (SessionInfo["serverInfo"] & { title?: unknown; websiteUrl?: unknown }) | undefined;
  const extensions = (session.serverCapabilities as { extensions?: unknown } | undefined)?.extensions;
  const extensionNames = extensions && typeof extensions === "object" && !Array.isArray(extensions) ? Object.keys(extensions) : [];
  const era = session.era === "modern" ? "2026-07-28 (stateless, server/discover)" : session.era === "legacy" ? "2025-11-25 (initialize)" : undefined;
  return (
    <section className="server-facts" aria-label="Server facts">
      <h3>Server facts</h3>
      {!session.era && <p className="note">Nothing known yet: the server has not answered (it is {session.state}).</p>}
      <dl className="facts">
        <dt>Name</dt>
        <dd>
          <Short text={info?.name} />
        </dd>
        <dt>Title</dt>
        <dd>
          <Short text={typeof info?.title === "string" ? info.title : undefined} />
        </dd>
        <dt>Version</dt>
        <dd>
          <Short text={info?.version} />
        </dd>
        <dt>Website</dt>
        <dd>
          {/* Text, not a link: a server's URL is never opened without the user's say. */}
          <Short text={typeof info?.websiteUrl === "string" ? info.websiteUrl : undefined} />
        </dd>
        <dt>Protocol version</dt>
        <dd>
          <Short text={session.protocolVersion} />
        </dd>
        <dt>Era</dt>
        <dd>
          <Short text={era} />
        </dd>
        <dt>How the era was chosen</dt>
        <dd>
          <Short text={session.eraProbe} />
        </dd>
        <dt>Extensions</dt>
        <dd>{extensionNames.length ? <Short text={extensionNames.join(", ")} /> : <span className="note">(none)</span>}</dd>
      </dl>
      {/* E5, issue 21: every violation the core kept, whether or not its banner was dismissed. */}
      <h4>Protocol violations</h4>
      {session.violations?.length ? (
        <ol className="violations" aria-label="Protocol violations">
          {session.violations.map((v, i) => (
            <li key={i}>
              <Short text={v} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="note">(none seen)</p>
      )}
      <h4>Instructions</h4>
      {session.instructions ? <TruncatedText text={session.instructions} label="Server instructions" /> : <p className="note">(The server gave no instructions.)</p>}
      <h4>Server capabilities</h4>
      {session.serverCapabilities ? <JsonView value={session.serverCapabilities} label="Server capabilities" /> : <p className="note">(not known yet)</p>}
      <h4>Client capabilities we advertised</h4>
      {session.clientCapabilities ? <JsonView value={session.clientCapabilities} label="Client capabilities" /> : <p className="note">(none yet)</p>}
    </section>
  );
}
