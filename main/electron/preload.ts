// Preload: exposes only the contract to the page (filled in with the IPC bridge).
export {};
