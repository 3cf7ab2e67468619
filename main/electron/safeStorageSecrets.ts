// The desktop app's SecretCodec: Electron's safeStorage, which encrypts with the OS keychain (macOS
// Keychain, Windows DPAPI, libsecret or kwallet on Linux). Where it has none (or only Linux's "basic_text"
// fallback, which is no protection), values are stored as they are, readable only by the user, and the
// UI says so.
import type { SecretCodec } from "../core/index.js";

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(cipher: Buffer): string;
}

export function safeStorageSecrets(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretCodec {
  const backend = platform === "linux" ? safeStorage.getSelectedStorageBackend?.() : undefined;
  const available = safeStorage.isEncryptionAvailable() && backend !== "basic_text";
  if (!available) {
    return {
      available: false,
      description:
        backend === "basic_text"
          ? "Secrets in saved servers (env and header values) are stored unencrypted, readable only by your user: no keyring (GNOME Keyring, KWallet) was found."
          : "Secrets in saved servers (env and header values) are stored unencrypted, readable only by your user: the OS keychain is not available.",
      encrypt: (plain) => plain,
      decrypt: () => {
        throw new Error("the OS keychain is not available");
      },
    };
  }
  return {
    available: true,
    description: "Secrets in saved servers (env and header values) are encrypted with the OS keychain.",
    encrypt: (plain) => safeStorage.encryptString(plain).toString("base64"),
    decrypt: (cipher) => safeStorage.decryptString(Buffer.from(cipher, "base64")),
  };
}
