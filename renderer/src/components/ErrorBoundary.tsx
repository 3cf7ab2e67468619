// One thing that fails to render must never blank the window: a tab, or one item in it (a pending
// input, a tool, a task), is drawn inside its own boundary, which shows what failed and leaves the rest
// of the app working. "Try again" re-renders it (after, say, the data that broke it has changed).
import { Component, type ReactNode } from "react";

interface Props {
  /** What this boundary holds, in words: "the Elicitations tab", "the request from Everything". */
  what: string;
  /** What the user can still do without the item itself (decline a request that cannot be shown). */
  fallbackActions?: ReactNode;
  children: ReactNode;
}

interface State {
  error?: Error;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`MCP Task Inspector could not show ${this.props.what}:`, error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="alert error render-failure" role="alert">
        <p>
          Could not show {this.props.what}: {error.message.slice(0, 500)}
        </p>
        <p className="note">The rest of the inspector keeps working.</p>
        <div className="actions">
          {this.props.fallbackActions}
          <button type="button" onClick={() => this.setState({ error: undefined })}>
            Try again
          </button>
        </div>
      </div>
    );
  }
}
