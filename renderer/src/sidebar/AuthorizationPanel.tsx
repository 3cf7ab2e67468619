// Issue 14: a session's authorization flow, step by step as it happens (discovery, registration,
// authorization, token, refresh), each with what was sent and what came back (secrets already redacted
// by the core), so a server author sees where their server's auth fails. The authorization page is a
// link from the server's metadata: shown as text and opened only after the user confirms (OpenLink).
import type { AuthStep, AuthStepKind } from "../../../shared/types.js";
import { useBridge, useInspector } from "../hooks/context.js";
import { OpenLink } from "../components/OpenLinkConfirm.js";
import { formatClock } from "../util/time.js";

const NO_STEPS: AuthStep[] = [];

const LABELS: Record<AuthStepKind, string> = {
  challenge: "Challenge",
  discovery: "Discovery",
  registration: "Registration",
  authorization: "Authorization",
  callback: "Redirect received",
  token: "Token",
  refresh: "Refresh",
  dpop: "DPoP proof",
  done: "Authorized",
  error: "Failed",
};

export function AuthorizationPanel({ sessionId, serverName }: { sessionId: string; serverName: string }) {
  const bridge = useBridge();
  const steps = useInspector((s) => s.authSteps[sessionId]) ?? NO_STEPS;
  if (steps.length === 0) return null;
  // A DPoP proof of a later request is a note, not a new state of the flow (issue 24).
  const last = [...steps].reverse().find((step) => step.kind !== "dpop") ?? steps.at(-1)!;
  // The page to open is the newest authorization step's, while the flow still waits for it.
  const waiting = last.kind === "authorization" && last.authorizationUrl ? last.authorizationUrl : undefined;
  return (
    <details className="authorization" open={waiting !== undefined || last.kind === "error" || undefined}>
      <summary>
        Authorization ({steps.length} {steps.length === 1 ? "step" : "steps"}
        {last.kind === "error" ? ", failed" : last.kind === "done" ? ", authorized" : waiting ? ", waiting for you" : ""})
      </summary>
      {waiting && (
        <div className="authorization-waiting" role="status">
          <p>Approve access in your browser. If it did not open, open the authorization page here:</p>
          <OpenLink bridge={bridge} url={waiting} />
        </div>
      )}
      <ol aria-label={`Authorization steps of ${serverName}`} className="authorization-steps">
        {steps.map((step) => (
          <li key={step.seq} className={`auth-step auth-step-${step.kind}`}>
            <span className="auth-step-time">{formatClock(new Date(step.at).toISOString())}</span> <strong>{LABELS[step.kind]}</strong>: <span>{step.summary}</span>
            {step.authorizationUrl && (
              <details>
                <summary>Authorization request</summary>
                <pre aria-label={`Authorization request of step ${step.seq}`}>{describeAuthorizationUrl(step.authorizationUrl)}</pre>
              </details>
            )}
            {step.proof && (
              <details>
                <summary>Proof claims and header</summary>
                <pre aria-label={`DPoP proof of step ${step.seq}`}>{step.proof}</pre>
              </details>
            )}
            {step.http && (
              <details>
                <summary>
                  {step.http.method} {step.http.status !== undefined ? `→ HTTP ${step.http.status}` : ""}
                </summary>
                <pre aria-label={`Exchange of step ${step.seq}`}>{describeHttp(step.http)}</pre>
              </details>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The page's URL as what it asks for: the endpoint, then one parameter a line (PKCE challenge, scope, resource…). */
function describeAuthorizationUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return [`GET ${url.origin}${url.pathname}`, ...[...url.searchParams].map(([name, value]) => `  ${name} = ${value}`)].join("\n");
  } catch {
    return raw;
  }
}

function describeHttp(http: NonNullable<AuthStep["http"]>): string {
  const lines = [`${http.method} ${http.url}`];
  for (const [name, value] of Object.entries(http.requestHeaders ?? {})) lines.push(`${name}: ${value}`);
  if (http.requestBody) lines.push("", http.requestBody);
  if (http.status !== undefined) {
    lines.push("", `HTTP ${http.status}`);
    for (const [name, value] of Object.entries(http.responseHeaders ?? {})) lines.push(`${name}: ${value}`);
    if (http.responseBody) lines.push("", http.responseBody);
  }
  return lines.join("\n");
}
