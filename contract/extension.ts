/**
 * The browser extension's identity, shared by its build (extension/manifest.ts) and the Worker's
 * CORS allow-list (worker/lib/extension-access.ts). docs/decisions/0006-extension-access.md.
 */

/**
 * Public key in the Chromium manifest (`key`): it fixes the extension's id for every unpacked or
 * packed install, so the Worker can allow exactly one chrome-extension:// origin. Only the public
 * half exists in the project; nothing is signed with it (the zip is loaded unpacked).
 */
export const CHROMIUM_EXTENSION_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArH8iIgY0tGnra1LMYza6NRze6JsWKYQ9f4MLPYNLRth+BsAiBw9Sn/+9ZhItiIdN8tNBkXW6V0ycM8LwXdo2Xe8lrOJmAWCdQQrTVaygYHk+4HBcOgrdC+6nyZ+8SPoTcM11+dnGzEP3RuiwMqAVhh2if9jiEt8aTTKa/sgfrrZ0NT2LIWTYqFbkaVRU1QJJrU3NR84/vAXa3fZJ2VKXU6O2YlMwdOgyuUSGVV8hcZFeO6sckgFvMQebKFVqEUD59oazf3mbbD+t8n8li00vrPk6511U2/cDzdE4F8Z7rBTEGyZ2tpQBJ6Hx8mug+OkN6M/2XUbDXezeHO2b1eV45wIDAQAB";

/** The id Chromium derives from that key (sha256 of the key, first 32 hex digits mapped to a–p). */
export const CHROMIUM_EXTENSION_ID = "kjlpbcbmnomlhfianolfoepilfhmaleg";

/** Firefox's add-on id (browser_specific_settings.gecko.id). Its page origin is a random per-install UUID. */
export const FIREFOX_EXTENSION_ID = "extension@daryaft.app";

/** Whether an Origin header is Daryaft's own extension: the fixed Chromium id, or any Firefox install. */
export function isDaryaftExtensionOrigin(origin: string | null | undefined): boolean {
  if (!origin) return false;
  return (
    origin === `chrome-extension://${CHROMIUM_EXTENSION_ID}` || /^moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(origin)
  );
}

/** The one extension origin that only Daryaft's extension can have (the Chromium id fixed by the key). */
export function isPinnedExtensionOrigin(origin: string | null | undefined): boolean {
  return origin === `chrome-extension://${CHROMIUM_EXTENSION_ID}`;
}

/** The two packages the site serves (extension/manifest.ts builds one per family). */
export const EXTENSION_TARGETS = ["chromium", "firefox"] as const;
export type ExtensionTarget = (typeof EXTENSION_TARGETS)[number];

/**
 * The served zips talk to the site that serves them: the build writes each package's files with
 * this stand-in for the origin (scripts/build-extension.ts), and the Worker puts the origin the zip
 * is downloaded from in its place (worker/features/extension). `.invalid` never resolves.
 */
export const EXTENSION_ORIGIN_PLACEHOLDER = "https://daryaft-origin.invalid";

/**
 * Where the build puts a package's files for the Worker to zip, among the static assets: one JSON
 * file per package (an .html asset would be rewritten by the assets' html handling), each file as
 * text or base64.
 */
export const extensionTemplatePath = (target: ExtensionTarget) => `/extension/template/${target}.json`;
export type ExtensionTemplate = { files: { name: string; text?: string; base64?: string }[] };
