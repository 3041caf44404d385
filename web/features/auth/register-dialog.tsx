import { useState } from "react";
import { authMessages, RegisterInput } from "../../../contract/auth";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { register } from "./queries";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { useForm, validate } from "./form";
import { authUi } from "./messages";
import { completeSignIn } from "./sign-in";
import "./auth.css";
import { PasswordField } from "../../components/ui/password-field";

/** Registration (accounts spec §3, §5): the same rules as the server; a 422 shows the first message per field. */
export function RegisterDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { setUserInfo } = usePageData();
  const { openDialog, closeDialog } = useUiState();
  const form = useForm({ name: "", email: "", mobile: "", password: "", password_confirmation: "" });
  const [done, setDone] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(RegisterInput, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    form.setErrors({});
    const res = await form.run(
      () => register(form.values),
      (err) => toast.error(err.message),
    );
    if (!res?.[0]) return;
    setDone(true);
    completeSignIn(res[0], { setUserInfo, close: () => onOpenChange(false), message: authMessages.registerSuccess });
  }

  return (
    <Dialog title={authUi.register.title} width={450} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form className="auth-form" onSubmit={submit} noValidate>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField label={authUi.register.name} autoComplete="name" autoFocus {...form.field("name")} />
        <TextField label={authUi.register.email} type="email" autoComplete="email" ltr {...form.field("email")} />
        <TextField
          label={authUi.register.mobile}
          description={authUi.register.mobileHint}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          ltr
          {...form.field("mobile")}
        />
        <PasswordField isNew label={authUi.register.password} description={authUi.register.passwordHint} {...form.field("password")} />
        <PasswordField isNew label={authUi.register.confirmation} {...form.field("password_confirmation")} />
        <Button type="submit" fullWidth isPending={form.busy || done}>
          {form.busy ? authUi.working : authUi.register.submit}
        </Button>
        <p className="auth-form__switch">
          {authUi.register.haveAccount}{" "}
          <Button
            variant="ghost"
            size="sm"
            onPress={() => {
              closeDialog("register");
              openDialog("login");
            }}
          >
            {authUi.register.toLogin}
          </Button>
        </p>
      </form>
    </Dialog>
  );
}
