// The smoke App's names, apart from its server (smokeApp.ts): the smoke run loads the server, and the SDK's
// server side with it, only when it runs, not at every start of the app.
export const SMOKE_APP_TOOL = "smoke_app";
export const SMOKE_ECHO_TOOL = "smoke_echo";
export const SMOKE_VIEW_URI = "ui://smoke/app.html";
/** What the View says in `ui/update-model-context` once the round trip came back (the page probe reads it). */
export const ROUND_TRIP_REPORT = /^bridge round trip (\d+(?:\.\d+)?) ms: (.*)$/s;
export const SMOKE_FAILED_REPORT = /^smoke failed: /;
