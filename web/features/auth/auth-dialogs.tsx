/** Placeholder until the accounts feature lands: login, register and mobile dialogs. */
export function AuthDialogs() {
  return null;
}
