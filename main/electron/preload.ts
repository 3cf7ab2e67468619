// Preload (sandboxed, context-isolated): exposes exactly the contract on `window.inspector`.
import { contextBridge, ipcRenderer } from "electron";
import { createBridge } from "./bridge.js";

contextBridge.exposeInMainWorld("inspector", createBridge(ipcRenderer));
