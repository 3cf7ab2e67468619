// Ends a Streamable HTTP session with DELETE (the spec: a client that no longer needs a session SHOULD
// end it), through the SDK transport's own terminateSession. Nothing for stdio or a stateless server.
export async function endHttpSession(inner: unknown): Promise<string | undefined> {
  const transport = inner as { sessionId?: string; terminateSession?: () => Promise<void> } | undefined;
  if (!transport?.terminateSession || !transport.sessionId) return undefined;
  const id = transport.sessionId;
  try {
    await transport.terminateSession();
    return `The HTTP session ${JSON.stringify(id.slice(0, 80))} was ended with DELETE`;
  } catch (error) {
    return `Ending the HTTP session with DELETE failed: ${(error as Error).message.slice(0, 300)}`;
  }
}
