import { authMessages, LoginInput } from "../../../contract/auth";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog } from "../../components/ui/dialog";
import { Link } from "../../components/ui/link";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { login } from "./queries";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { useForm, validate } from "./form";
import { authUi } from "./messages";
import { completeSignIn } from "./sign-in";
import { useRef, useState } from "react";
import "./auth.css";
import { PasswordField } from "../../components/ui/password-field";

/** Login (accounts spec §2): width 400; mobile, e-mail or username; password; remember me; forgot-password and registration links. */
export function LoginDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { setUserInfo } = usePageData();
  const { openDialog, closeDialog } = useUiState();
  const form = useForm({ email: "", password: "" });
  const [remember, setRemember] = useState(false);
  const [done, setDone] = useState(false);

  // The red toast of the last failed try: a new try replaces it, so a corrected login never shows
  // the old "wrong password" beside its green success.
  const failedToast = useRef<string | null>(null);
  const dropFailedToast = () => {
    if (failedToast.current) toast.close(failedToast.current);
    failedToast.current = null;
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    dropFailedToast();
    const checked = validate(LoginInput, { ...form.values, remember });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.setErrors({});
    const body = { email: form.values.email, password: form.values.password, ...(remember ? { remember: true } : {}) };
    const res = await form.run(
      () => login(body),
      // Login failures are a red toast (spec §8).
      (err) => {
        failedToast.current = toast.error(err.message);
      },
    );
    if (!res?.[0]) return;
    setDone(true);
    completeSignIn(res[0], { setUserInfo, close: () => onOpenChange(false), message: authMessages.loginSuccess });
  }

  return (
    <Dialog title={authUi.login.title} width={400} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form className="auth-form" onSubmit={submit} noValidate>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField label={authUi.login.name} autoComplete="username" ltr autoFocus {...form.field("email")} />
        <PasswordField label={authUi.login.password} {...form.field("password")} />
        <div className="auth-form__row">
          <Checkbox isSelected={remember} onChange={setRemember} name="remember">
            {authUi.login.remember}
          </Checkbox>
          <Link to="/password/reset" onClick={() => closeDialog("login")} className="auth-form__small">
            {authUi.login.forgot}
          </Link>
        </div>
        <Button type="submit" fullWidth isPending={form.busy || done}>
          {form.busy ? authUi.working : authUi.login.submit}
        </Button>
        <p className="auth-form__switch">
          {authUi.login.noAccount}{" "}
          <Button
            variant="ghost"
            size="sm"
            onPress={() => {
              closeDialog("login");
              openDialog("register");
            }}
          >
            {authUi.login.toRegister}
          </Button>
        </p>
      </form>
    </Dialog>
  );
}
