// Task ids are unique only within their session (S1), so the renderer keys tasks by both.
export function taskKey(sessionId: string, taskId: string): string {
  return `${sessionId}\u0000${taskId}`;
}
