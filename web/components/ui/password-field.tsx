import { TextField, type TextFieldProps } from "./text-field";

/**
 * A password input: hidden, left to right, and named for the browser's password manager as the
 * current password or, with `isNew`, a new one (which it may offer to generate and save).
 */
export function PasswordField({ isNew = false, ...props }: Omit<TextFieldProps, "type" | "autoComplete" | "ltr" | "multiline"> & { isNew?: boolean }) {
  return <TextField {...props} type="password" autoComplete={isNew ? "new-password" : "current-password"} ltr />;
}
