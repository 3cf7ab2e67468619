// The one page a browser tab shows when it cannot reach the inspector's core: opened without the run's
// token (a bookmark, a copied address), or with an old run's. Not the workspace with a "connection lost"
// banner and a sidebar loading forever: nothing there could work.
export function NoAccess({ detail }: { detail?: string | undefined }) {
  return (
    <main className="fatal no-access" role="alert" aria-labelledby="no-access-title">
      <h1 id="no-access-title">This tab cannot reach MCP Task Inspector</h1>
      <p>
        Open the full URL that was printed when the inspector started. It ends in <code>?token=…</code>; each start prints a new one, and a tab opened
        without it, or with an older one, cannot connect.
      </p>
      <p className="note">If the inspector is no longer running, start it again and open the URL it prints.</p>
      {detail && <p className="note no-access-detail">{detail}</p>}
    </main>
  );
}
