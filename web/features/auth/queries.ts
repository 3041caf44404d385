import type { InputOf } from "../../../contract/endpoint";
import { authApi } from "../../../contract/endpoints/auth";
import { call } from "../../lib/api";

// The auth dialogs run these through their form helper (form.ts: busy state, 422 field messages),
// so they are plain calls rather than mutations.

export const login = (body: InputOf<typeof authApi.login>) => call(authApi.login, body);

export const register = (body: InputOf<typeof authApi.register>) => call(authApi.register, body);

/** `currentPassword`: when the server asks for it (a verified number, or an account past its first hour). */
export const updateMobile = (mobile: string, currentPassword = "") =>
  call(authApi.updateMobile, { mobile, ...(currentPassword ? { current_password: currentPassword } : {}) });

export const sendMobileCode = (mobile: string, currentPassword = "") =>
  call(authApi.sendMobileCode, { mobile, ...(currentPassword ? { current_password: currentPassword } : {}) });

export const verifyMobile = (code: string) => call(authApi.verifyMobile, { code });

/** Sends a reset code by SMS or a link by e-mail, whichever the identifier names. */
export const requestPasswordReset = (body: InputOf<typeof authApi.resetRequest>) => call(authApi.resetRequest, body);

export const confirmPasswordReset = (body: InputOf<typeof authApi.resetConfirm>) => call(authApi.resetConfirm, body);
