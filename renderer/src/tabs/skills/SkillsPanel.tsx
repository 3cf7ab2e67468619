// Skills (SEP-2640, issue 24), in the Resources tab when the server declares io.modelcontextprotocol/skills:
// the skills/list entries (frontmatter as the server sent it, then what breaks the rules), a skill opened
// (its SKILL.md loaded and verified, shown as text), its files read one by one, and Verify (every file checked
// against the manifest). Nothing is read from a skill until the user asks. Server text is text, never markup.
import { useCallback, useEffect, useState } from "react";
import type { DirectoryPage, LoadedSkill, SkillFile, SkillView, SkillVerifyReport } from "../../../../shared/skills.js";
import { skillsDeclared } from "../../../../shared/skillsExtension.js";
import type { SessionInfo } from "../../../../shared/types.js";
import { useBridge } from "../../app/context.js";
import { ErrorAlert } from "../../components/ErrorAlert.js";
import { JsonView } from "../../components/JsonView.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";
import "../../styles/skills.css";

/** What a page shows of one file's text; the rest is said, not drawn (a skill file may be 16 MiB). */
const SHOWN_CHARS = 200_000;
/** Skills drawn in the list; more are counted. */
const SHOWN_SKILLS = 500;

const bytes = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "byte" : "bytes"}`;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function descriptionOf(skill: SkillView): string {
  const description = skill.frontmatter.description;
  return typeof description === "string" ? cut(description, 300) : "";
}

function manifestWords(skill: SkillView): string {
  if (skill.resources === "dynamic") return "dynamic: not verifiable";
  if (!skill.resources) return "no valid manifest";
  return `${skill.resources.length} ${skill.resources.length === 1 ? "file" : "files"}, ${bytes(skill.totalBytes ?? 0)}`;
}

export function SkillsPanel({ session }: { session: SessionInfo }) {
  const bridge = useBridge();
  const sessionId = session.sessionId;
  const connected = session.state === "connected";
  const directoryRead = skillsDeclared(session.serverCapabilities)?.directoryRead === true;
  const [skills, setSkills] = useState<SkillView[]>();
  const [nextCursor, setNextCursor] = useState<string>();
  const [selected, setSelected] = useState<SkillView>();
  const list = useAsyncAction();
  const runList = list.run;
  const [byUri, setByUri] = useState("");

  // A listing may be partial: a skill is also found by the URI of its SKILL.md (skills/get).
  const find = (uri: string) =>
    runList(async () => {
      const skill = await bridge.getSkill({ sessionId, uri });
      // The fresh entry takes the listed one's place (a new one goes last).
      setSkills((before = []) => (before.some((s) => s.uri === skill.uri) ? before.map((s) => (s.uri === skill.uri ? skill : s)) : [...before, skill]));
      setSelected(skill);
    });

  const load = useCallback(
    (cursor?: string) =>
      runList(async () => {
        const page = await bridge.listSkills({ sessionId, ...(cursor ? { cursor } : {}) });
        setSkills((before) => [...(cursor ? (before ?? []) : []), ...page.skills]);
        setNextCursor(page.nextCursor);
      }),
    [bridge, sessionId, runList],
  );

  useEffect(() => {
    // Listing reads no file (lazy retrieval): the entries carry everything the list shows.
    if (connected) void load();
  }, [connected, load]);

  return (
    <div className="split">
      <section className="list-pane" aria-label="Skill list">
        <div className="toolbar">
          <h2>Skills</h2>
          <button type="button" onClick={() => void load()} disabled={!connected || list.busy}>
            Refresh skills
          </button>
        </div>
        <ErrorAlert message={list.error} onDismiss={list.clearError} />
        <ul className="item-list">
          {(skills ?? []).slice(0, SHOWN_SKILLS).map((skill) => (
            <li key={skill.uri}>
              <button type="button" className={selected?.uri === skill.uri ? "item selected" : "item"} aria-label={`Open skill ${skill.uri}`} onClick={() => setSelected(skill)}>
                <span className="item-name">{skill.name || "(no name)"}</span>
                <span className="item-description">{descriptionOf(skill)}</span>
                <span className="item-title">
                  {manifestWords(skill)}
                  {skill.problems.length > 0 && ` · ${skill.problems.length} ${skill.problems.length === 1 ? "problem" : "problems"}`}
                  {!skill.loadable && " · not loadable"}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {skills && skills.length > SHOWN_SKILLS && <p className="note">{skills.length - SHOWN_SKILLS} more skills are not shown.</p>}
        {skills && skills.length === 0 && <p className="empty">The server lists no skills (a skill can still be loaded by its URI).</p>}
        {nextCursor && (
          <button type="button" onClick={() => void load(nextCursor)} disabled={list.busy}>
            More skills
          </button>
        )}
        <form
          className="skill-by-uri"
          aria-label="Find a skill by URI"
          onSubmit={(event) => {
            event.preventDefault();
            if (byUri.trim()) void find(byUri.trim());
          }}
        >
          <label className="field">
            <span>SKILL.md URI</span>
            <input type="text" value={byUri} onChange={(event) => setByUri(event.target.value)} placeholder="skill://name/SKILL.md" maxLength={2048} spellCheck={false} />
          </label>
          <button type="submit" disabled={!connected || list.busy || !byUri.trim()}>
            Get skill
          </button>
        </form>
      </section>
      <section className="detail-pane" aria-label="Skill">
        {selected ? <SkillDetail key={selected.uri} sessionId={sessionId} skill={selected} connected={connected} directoryRead={directoryRead} /> : <p className="empty">Pick a skill to see its frontmatter and files.</p>}
      </section>
    </div>
  );
}

function SkillDetail({ sessionId, skill, connected, directoryRead }: { sessionId: string; skill: SkillView; connected: boolean; directoryRead: boolean }) {
  const bridge = useBridge();
  const [loaded, setLoaded] = useState<LoadedSkill>();
  const [file, setFile] = useState<SkillFile>();
  const [report, setReport] = useState<SkillVerifyReport>();
  const [directory, setDirectory] = useState<DirectoryPage>();
  const action = useAsyncAction();
  const checks = new Map((report?.files ?? []).map((f) => [f.uri, f]));
  const root = skill.uri.endsWith("/SKILL.md") ? skill.uri.slice(0, -"/SKILL.md".length) : skill.uri;

  const open = () =>
    action.run(async () => {
      setLoaded(undefined);
      setLoaded(await bridge.loadSkill({ sessionId, uri: skill.uri }));
    });
  const read = (uri: string) =>
    action.run(async () => {
      setFile(undefined);
      setFile(await bridge.readSkillFile({ sessionId, skillUri: skill.uri, uri }));
    });
  const verify = () => action.run(async () => setReport(await bridge.verifySkill({ sessionId, uri: skill.uri })));
  const list = () => action.run(async () => setDirectory(await bridge.readResourceDirectory({ sessionId, uri: root })));

  return (
    <div className="skill-detail">
      <div className="toolbar">
        <h2>{skill.name || "(no name)"}</h2>
        <button type="button" onClick={() => void open()} disabled={!connected || action.busy || !skill.loadable}>
          Open SKILL.md
        </button>
        <button type="button" onClick={() => void verify()} disabled={!connected || action.busy}>
          Verify
        </button>
      </div>
      <p className="item-description skill-uri">{skill.uri}</p>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
      {report && (
        <p className={`status skill-verdict status-${report.status === "verified" ? "completed" : report.status === "failed" ? "failed" : "cancelled"}`} role="status">
          {report.status === "verified" ? "Verified: every file matches its size and SHA-256 digest" : report.status === "failed" ? "Verification failed" : "Not verifiable: the server publishes no digests for this skill"}
        </p>
      )}
      <h3>Frontmatter, as the server sent it</h3>
      <JsonView value={skill.frontmatter} label="Frontmatter" />
      {skill.problems.length > 0 && (
        <>
          <h3>Problems</h3>
          <ul className="skill-problems">
            {skill.problems.map((problem, i) => (
              <li key={i} className="status-error">
                {problem}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Files</h3>
      {skill.resources === "dynamic" && (
        <p className="note">
          This skill's files are generated on demand (resources: "dynamic"): there are no digests, so nothing read from it is verified.
          {directoryRead && " List its directory to see what it holds now."}
        </p>
      )}
      {skill.resources === "dynamic" && directoryRead && (
        <button type="button" onClick={() => void list()} disabled={!connected || action.busy}>
          List directory
        </button>
      )}
      {Array.isArray(skill.resources) && (
        <table className="skill-files">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Bytes</th>
              <th scope="col">Check</th>
              <th scope="col">
                <span className="visually-hidden">Read</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {skill.resources.map((resource) => {
              const check = checks.get(resource.uri);
              return (
                <tr key={resource.uri}>
                  <td className="skill-file-uri" title={resource.digest}>
                    {resource.uri.startsWith(`${root}/`) ? resource.uri.slice(root.length + 1) : resource.uri}
                  </td>
                  <td>{resource.size.toLocaleString("en-US")}</td>
                  <td>{check ? <span className={`status status-${check.status === "verified" ? "completed" : check.status === "failed" ? "failed" : "cancelled"}`} title={check.message}>{check.status}</span> : <span className="note">not read</span>}</td>
                  <td>
                    <button type="button" aria-label={`Read ${resource.uri}`} onClick={() => void read(resource.uri)} disabled={!connected || action.busy || !skill.loadable}>
                      Read
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {report?.files.some((f) => f.status === "failed") && (
        <ul className="skill-problems">
          {report.files
            .filter((f) => f.status === "failed")
            .map((f) => (
              <li key={f.uri} className="status-error">
                {f.message}
              </li>
            ))}
        </ul>
      )}
      {directory && (
        <>
          <h4>{cut(directory.uri, 300)}</h4>
          <ul className="item-list">
            {directory.resources.map((entry) => (
              <li key={entry.uri}>
                {entry.directory ? (
                  <span className="item-title">{cut(entry.name, 200)}/</span>
                ) : (
                  <button type="button" className="item" onClick={() => void read(entry.uri)} disabled={!connected || action.busy}>
                    <span className="item-name">{cut(entry.name, 200)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {(directory.notKept || directory.nextCursor) && <p className="note">The directory has more entries than shown.</p>}
        </>
      )}
      {loaded && <FileView file={loaded.file} />}
      {file && <FileView file={file} />}
    </div>
  );
}

function FileView({ file }: { file: SkillFile }) {
  const text = file.text;
  return (
    <section className="skill-file" aria-label={`Contents of ${file.uri}`}>
      <h3>
        {cut(file.uri, 300)} <span className={`status ${file.verification === "verified" ? "status-completed" : "status-cancelled"}`}>{file.verification}</span>
      </h3>
      {text !== undefined ? (
        <>
          <pre>{cut(text, SHOWN_CHARS)}</pre>
          {text.length > SHOWN_CHARS && <p className="note">Showing the first {SHOWN_CHARS.toLocaleString()} of {text.length.toLocaleString()} characters.</p>}
        </>
      ) : (
        <p className="note">
          Binary content ({file.mimeType ?? "no type"}, {bytes(file.size)}).
        </p>
      )}
    </section>
  );
}
