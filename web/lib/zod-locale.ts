import { config } from "zod/v4/core";
import fa from "zod/v4/locales/fa.js";

// Persian messages for zod's built-in checks in client forms. Loaded as its own chunk after the
// first paint (see main.tsx): only the Persian locale, never zod's full list of locales.
config(fa());
