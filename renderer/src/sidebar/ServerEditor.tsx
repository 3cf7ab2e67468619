// Add or edit a saved server: stdio (command, args, env, cwd) or Streamable HTTP / SSE (URL,
// headers), plus the client capabilities to advertise to it. main validates the result again.
import { useId, useState } from "react";
import type { ClientFeatureToggles, EraSetting, OAuthSettings, SavedServer, ServerConfigInput } from "../../../shared/types.js";
import { useBridge, useInspectorStore } from "../hooks/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";
import { linesOf, pairsText, parsePairs } from "./configText.js";
import { SecretsNote } from "./StorageProblems.js";
import { shellWords } from "../../../shared/shellWords.js";
import { suggestedStdioName, suggestedUrlName } from "../../../shared/serverName.js";

type TransportType = "stdio" | "streamableHttp" | "sse";

const FEATURE_LABELS: Record<keyof ClientFeatureToggles, string> = {
  sampling: "Sampling",
  elicitationForm: "Elicitation (form)",
  elicitationUrl: "Elicitation (URL)",
  roots: "Roots",
  receiverTasks: "Tasks (receiver tasks on 2025-11-25, the tasks extension on 2026-07-28)",
  apps: "MCP Apps (host the UIs of App tools)",
  appsEval: "Allow eval in Views (MCP Apps: 'unsafe-eval' in their CSP; off by default)",
};

/** E1: Auto probes; the other two pin one era. */
const ERA_LABELS: Record<EraSetting, string> = {
  auto: "Auto (probe the server)",
  "2025-11-25": "2025-11-25 (initialize)",
  "2026-07-28": "2026-07-28 (stateless)",
};

type Grant = NonNullable<OAuthSettings["grant"]>;

/** Issue 24: how the inspector gets its token; all but the first need no browser. */
const GRANT_LABELS: Record<Grant, string> = {
  authorization_code: "Sign in in the browser",
  client_credentials: "Client credentials (machine)",
  jwt_bearer: "Workload identity (JWT)",
  id_jag: "Enterprise-managed (ID-JAG)",
};

type DpopChoice = "auto" | "on" | "off";
const DPOP_LABELS: Record<DpopChoice, string> = {
  auto: "When the server asks for it",
  on: "Always",
  off: "Never",
};

const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;

const ALL_ON: ClientFeatureToggles = { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true, apps: true };

/**
 * A URL whose path names the other HTTP transport (".../sse" chosen as Streamable HTTP, ".../mcp" as SSE):
 * the usual mix-up, told before Connect fails with a 404 or 405.
 */
export function transportHint(type: TransportType, url: string): { type: TransportType; label: string; text: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  const path = parsed.pathname.replace(/\/+$/, "").toLowerCase();
  if (type === "streamableHttp" && path.endsWith("/sse")) return { type: "sse", label: "SSE", text: "A URL ending in /sse usually speaks the older SSE transport." };
  if (type === "sse" && path.endsWith("/mcp")) return { type: "streamableHttp", label: "Streamable HTTP", text: "A URL ending in /mcp usually speaks Streamable HTTP." };
  return undefined;
}

/**
 * A whole command line pasted into Command ("npx -y @scope/server /tmp") with no arguments given: its
 * split into the program and its arguments, offered rather than done, since a path may hold a space.
 */
export function commandLineSplit(command: string, args: string): { command: string; args: string[] } | undefined {
  if (args.trim() || !/\s/.test(command.trim())) return undefined;
  let words: string[];
  try {
    words = shellWords(command);
  } catch {
    return undefined; // an unclosed quote: not a command line we can read
  }
  const [program, ...rest] = words;
  // Arguments are kept one per line, so a word holding a line break could not be put back as it was.
  if (!program || !rest.length || words.some((word) => word.includes("\n"))) return undefined;
  return { command: program, args: rest };
}

export interface EditorTarget {
  /** Present when editing a saved entry; absent for a new one (or a duplicate). */
  id?: string;
  initial?: SavedServer;
}

export function ServerEditor({ target, onDone }: { target: EditorTarget; onDone(): void }) {
  const bridge = useBridge();
  const store = useInspectorStore();
  const id = useId();
  const initial = target.initial;
  const t = initial?.transport;
  const [name, setName] = useState(initial ? (target.id ? initial.name : `${initial.name} (copy)`) : "");
  const [type, setType] = useState<TransportType>(t?.type ?? "stdio");
  const [command, setCommand] = useState(t?.type === "stdio" ? t.command : "");
  const [args, setArgs] = useState(t?.type === "stdio" ? t.args.join("\n") : "");
  const [env, setEnv] = useState(t?.type === "stdio" ? pairsText(t.env, "=") : "");
  const [cwd, setCwd] = useState(t?.type === "stdio" ? (t.cwd ?? "") : "");
  const [url, setUrl] = useState(t && t.type !== "stdio" ? t.url : "");
  const [headers, setHeaders] = useState(t && t.type !== "stdio" ? pairsText(t.headers, ":") : "");
  const hint = transportHint(type, url);
  const split = type === "stdio" ? commandLineSplit(command, args) : undefined;
  // Name left empty: the entry is saved under what its command runs, or its URL's host.
  const suggestedName = type !== "stdio" ? suggestedUrlName(url) : split ? suggestedStdioName(split.command, split.args) : suggestedStdioName(command, linesOf(args));
  // Issue 14: the OAuth client to use when the server answers 401 (all optional: without them the inspector registers itself).
  const [clientId, setClientId] = useState(initial?.oauth?.clientId ?? "");
  const [clientSecret, setClientSecret] = useState(initial?.oauth?.clientSecret ?? "");
  const [scope, setScope] = useState(initial?.oauth?.scope ?? "");
  const [clientMetadataUrl, setClientMetadataUrl] = useState(initial?.oauth?.clientMetadataUrl ?? "");
  const [grant, setGrant] = useState<Grant>(initial?.oauth?.grant ?? "authorization_code");
  const machine = grant === "client_credentials";
  const [privateKeyPem, setPrivateKeyPem] = useState(initial?.oauth?.privateKeyPem ?? "");
  const [assertion, setAssertion] = useState(initial?.oauth?.assertion ?? "");
  const [idpTokenEndpoint, setIdpTokenEndpoint] = useState(initial?.oauth?.idpTokenEndpoint ?? "");
  const [idpClientId, setIdpClientId] = useState(initial?.oauth?.idpClientId ?? "");
  const [idpClientSecret, setIdpClientSecret] = useState(initial?.oauth?.idpClientSecret ?? "");
  const [dpop, setDpop] = useState<DpopChoice>(initial?.oauth?.dpop === undefined ? "auto" : initial.oauth.dpop ? "on" : "off");
  const [features, setFeatures] = useState<ClientFeatureToggles>(initial?.features ?? ALL_ON);
  const [era, setEra] = useState<EraSetting>(initial?.era ?? "auto");
  const [problems, setProblems] = useState<string[]>([]);
  const save = useAsyncAction();

  const submit = () => {
    // The roots are edited on the session (Roots panel), maybe while this editor was open: saving the entry
    // keeps the ones saved now, not the ones it opened with.
    const saved = target.id ? store.getState().servers.find((s) => s.id === target.id) : undefined;
    const roots = (saved ?? initial)?.roots;
    const keptRoots = roots ? { roots } : {};
    const errors: string[] = [];
    const savedName = name.trim() || suggestedName;
    if (!savedName) errors.push("Give the server a name");
    let server: ServerConfigInput | undefined;
    if (type === "stdio") {
      if (!command.trim()) errors.push("Command must not be empty");
      const envPairs = parsePairs(env, "=");
      errors.push(...envPairs.errors);
      server = {
        name: savedName,
        transport: { type, command: command.trim(), args: linesOf(args), env: envPairs.map, ...(cwd.trim() ? { cwd: cwd.trim() } : {}) },
        features,
        era,
        ...keptRoots,
      };
    } else {
      if (!/^https?:\/\//i.test(url.trim())) errors.push("URL must start with http:// or https://");
      const headerPairs = parsePairs(headers, ":");
      errors.push(...headerPairs.errors);
      if (clientMetadataUrl.trim() && !/^https:\/\//i.test(clientMetadataUrl.trim())) errors.push("A client ID metadata document URL must start with https://");
      if (clientSecret && !clientId.trim()) errors.push("A client secret needs its client ID");
      if (machine && (!clientId.trim() || (!clientSecret && !privateKeyPem.trim()))) errors.push("A machine client needs its client ID, and its secret or private key");
      if (machine && privateKeyPem.trim() && !/-----BEGIN PRIVATE KEY-----/.test(privateKeyPem)) errors.push("The private key must be a PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)");
      const assertionGrant = grant === "jwt_bearer" || grant === "id_jag";
      if (grant === "jwt_bearer" && !JWT.test(assertion.trim())) errors.push("Workload identity needs the workload's JWT (header.payload.signature)");
      if (grant === "id_jag") {
        if (!JWT.test(assertion.trim())) errors.push("Enterprise-managed authorization needs your ID token from the identity provider (a JWT)");
        if (!/^https?:\/\/\S+$/i.test(idpTokenEndpoint.trim())) errors.push("The identity provider's token endpoint must start with http:// or https://");
        if (idpClientSecret && !idpClientId.trim()) errors.push("An identity provider client secret needs its client ID");
      }
      const oauth = {
        ...(clientId.trim() ? { clientId: clientId.trim() } : {}),
        ...(clientSecret ? { clientSecret } : {}),
        ...(scope.trim() ? { scope: scope.trim() } : {}),
        ...(clientMetadataUrl.trim() ? { clientMetadataUrl: clientMetadataUrl.trim() } : {}),
        ...(grant !== "authorization_code" ? { grant } : {}),
        ...(machine && privateKeyPem.trim() ? { privateKeyPem: privateKeyPem.trim() } : {}),
        ...(assertionGrant ? { assertion: assertion.trim() } : {}),
        ...(grant === "id_jag"
          ? { idpTokenEndpoint: idpTokenEndpoint.trim(), ...(idpClientId.trim() ? { idpClientId: idpClientId.trim() } : {}), ...(idpClientSecret ? { idpClientSecret } : {}) }
          : {}),
        ...(dpop !== "auto" ? { dpop: dpop === "on" } : {}),
        ...(initial?.oauth?.signingAlgorithm ? { signingAlgorithm: initial.oauth.signingAlgorithm } : {}),
      };
      server = { name: savedName, transport: { type, url: url.trim(), headers: headerPairs.map }, features, era, ...keptRoots, ...(Object.keys(oauth).length ? { oauth } : {}) };
    }
    setProblems(errors);
    if (errors.length || !server) return;
    void save.run(async () => {
      await bridge.saveServer({ ...(target.id ? { id: target.id } : {}), server });
      onDone();
    });
  };

  const title = target.id ? `Edit server ${initial?.name ?? ""}` : "Add server";
  return (
    <form
      className="server-editor"
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="form-title">{title}</h3>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        {/* Opened by the user's own press (Add, Edit, Duplicate): the caret goes to the first field. */}
        <input id={`${id}-name`} autoFocus value={name} placeholder={suggestedName || undefined} title={suggestedName ? `Left empty, it is saved as "${suggestedName}"` : undefined} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Transport</label>
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as TransportType)}>
          <option value="stdio">stdio</option>
          <option value="streamableHttp">Streamable HTTP</option>
          <option value="sse">SSE</option>
        </select>
      </div>
      {type === "stdio" ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-command`}>Command</label>
            <input id={`${id}-command`} value={command} spellCheck={false} onChange={(e) => setCommand(e.target.value)} aria-describedby={split ? `${id}-split` : undefined} />
            {split && (
              <p className="note command-split" role="note" id={`${id}-split`}>
                This reads as a whole command line: the program <code>{split.command}</code> with {split.args.length === 1 ? "1 argument" : `${split.args.length} arguments`}.{" "}
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    setCommand(split.command);
                    setArgs(split.args.join("\n"));
                  }}
                >
                  Split into command and arguments
                </button>
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-args`}>Arguments (one per line)</label>
            <textarea id={`${id}-args`} rows={3} spellCheck={false} value={args} onChange={(e) => setArgs(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-env`}>Environment (KEY=value per line)</label>
            <textarea id={`${id}-env`} rows={2} spellCheck={false} value={env} onChange={(e) => setEnv(e.target.value)} />
            <SecretsNote />
          </div>
          <div className="field">
            <label htmlFor={`${id}-cwd`}>Working directory</label>
            <input id={`${id}-cwd`} value={cwd} spellCheck={false} onChange={(e) => setCwd(e.target.value)} />
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>URL</label>
            <input id={`${id}-url`} type="url" value={url} spellCheck={false} onChange={(e) => setUrl(e.target.value)} />
            {hint && (
              <p className="note" role="note">
                {hint.text}{" "}
                <button type="button" className="link" onClick={() => setType(hint.type)}>
                  Use {hint.label}
                </button>
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-headers`}>Headers (Name: value per line)</label>
            <textarea id={`${id}-headers`} rows={2} spellCheck={false} value={headers} onChange={(e) => setHeaders(e.target.value)} />
            <SecretsNote />
          </div>
          <fieldset className="field">
            <legend>OAuth (when the server answers 401)</legend>
            <p className="note">Leave empty to let the inspector register itself. Enter a client ID (and secret) registered with the authorization server to use that client instead.</p>
            <div className="field">
              <label htmlFor={`${id}-client-id`}>Client ID</label>
              <input id={`${id}-client-id`} value={clientId} spellCheck={false} autoComplete="off" onChange={(e) => setClientId(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-client-secret`}>Client secret</label>
              <input id={`${id}-client-secret`} type="password" value={clientSecret} autoComplete="off" onChange={(e) => setClientSecret(e.target.value)} />
              <SecretsNote />
            </div>
            <div className="field">
              <label htmlFor={`${id}-scope`}>Scope (when the server names none)</label>
              <input id={`${id}-scope`} value={scope} spellCheck={false} onChange={(e) => setScope(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-cimd`}>Client ID metadata document URL (https)</label>
              <input id={`${id}-cimd`} type="url" value={clientMetadataUrl} spellCheck={false} onChange={(e) => setClientMetadataUrl(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-grant`}>Grant</label>
              <select id={`${id}-grant`} value={grant} onChange={(e) => setGrant(e.target.value as Grant)}>
                {(Object.keys(GRANT_LABELS) as Grant[]).map((value) => (
                  <option key={value} value={value}>
                    {GRANT_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            {machine && (
              <div className="field">
                <label htmlFor={`${id}-private-key`}>Private key for private_key_jwt (PKCS#8 PEM, instead of a secret)</label>
                <textarea id={`${id}-private-key`} rows={3} spellCheck={false} value={privateKeyPem} onChange={(e) => setPrivateKeyPem(e.target.value)} />
                <SecretsNote />
              </div>
            )}
            {(grant === "jwt_bearer" || grant === "id_jag") && (
              <div className="field">
                <label htmlFor={`${id}-assertion`}>{grant === "jwt_bearer" ? "Workload JWT (sent with the jwt-bearer grant)" : "ID token from your identity provider"}</label>
                <textarea id={`${id}-assertion`} rows={3} spellCheck={false} autoComplete="off" value={assertion} onChange={(e) => setAssertion(e.target.value)} />
                <SecretsNote />
              </div>
            )}
            {grant === "id_jag" && (
              <>
                <div className="field">
                  <label htmlFor={`${id}-idp-endpoint`}>Identity provider token endpoint (token exchange for an ID-JAG)</label>
                  <input id={`${id}-idp-endpoint`} type="url" value={idpTokenEndpoint} spellCheck={false} onChange={(e) => setIdpTokenEndpoint(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-idp-client-id`}>Identity provider client ID</label>
                  <input id={`${id}-idp-client-id`} value={idpClientId} spellCheck={false} autoComplete="off" onChange={(e) => setIdpClientId(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-idp-client-secret`}>Identity provider client secret</label>
                  <input id={`${id}-idp-client-secret`} type="password" value={idpClientSecret} autoComplete="off" onChange={(e) => setIdpClientSecret(e.target.value)} />
                  <SecretsNote />
                </div>
              </>
            )}
            <div className="field">
              <label htmlFor={`${id}-dpop`}>DPoP: bind tokens to a key of this inspector</label>
              <select id={`${id}-dpop`} value={dpop} onChange={(e) => setDpop(e.target.value as DpopChoice)}>
                {(Object.keys(DPOP_LABELS) as DpopChoice[]).map((value) => (
                  <option key={value} value={value}>
                    {DPOP_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-era`}>Protocol era</label>
        <select id={`${id}-era`} value={era} onChange={(e) => setEra(e.target.value as EraSetting)}>
          {(Object.keys(ERA_LABELS) as EraSetting[]).map((value) => (
            <option key={value} value={value}>
              {ERA_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>Client capabilities</legend>
        {(Object.keys(FEATURE_LABELS) as (keyof ClientFeatureToggles)[]).map((key) => (
          <div key={key} className="checkbox-field">
            <input
              id={`${id}-feature-${key}`}
              type="checkbox"
              checked={features[key] ?? key !== "appsEval" /* AP1: Apps absent = on; AP15: eval absent = off */}
              onChange={(e) => setFeatures({ ...features, [key]: e.target.checked })}
            />
            <label htmlFor={`${id}-feature-${key}`}>{FEATURE_LABELS[key]}</label>
          </div>
        ))}
      </fieldset>
      {problems.length > 0 && (
        <div className="form-errors" role="alert">
          {problems.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
      <ErrorAlert message={save.error} onDismiss={save.clearError} />
      <div className="row">
        <button type="submit" disabled={save.busy}>
          Save server
        </button>
        <button type="button" onClick={onDone}>
          Discard changes
        </button>
      </div>
    </form>
  );
}
