import { createRoot } from "react-dom/client";

// Placeholder until the inspector UI lands: proves the renderer builds and mounts.
function App() {
  return (
    <main>
      <h1>MCP Task Inspector</h1>
      <p>The inspector UI is being built.</p>
    </main>
  );
}

createRoot(document.getElementById("root") as HTMLElement).render(<App />);
