import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { authMessages, CODE_STILL_VALID, MobileInput, MobileVerifyInput } from "../../../contract/auth";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { sendMobileCode, updateMobile, verifyMobile } from "./queries";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { useForm, validate } from "./form";
import { authUi, formatCountdown } from "./messages";
import { stepAfterSave } from "./rules";
import { codeSecondsLeft, forgetCodeSent, rememberCodeSent } from "./code-memory";
import { CODE_COUNTDOWN_SECONDS, useCountdown } from "./use-countdown";
import "./auth.css";
import { PasswordField } from "../../components/ui/password-field";

type Step = 0 | 1 | 2;

/**
 * The mobile number and its verification (accounts spec §4): 0 enter and save the number; 1 send
 * the code; 2 enter the code, with the 240 s countdown, a resend once it ends, and a link back to
 * step 1 to change the number. Server errors show as an alert and the step stays.
 */
export function MobileDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { userInfo, setUserInfo, mobileSmsConfirmation } = usePageData();
  const { mobileStep } = useUiState();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(mobileStep);
  const form = useForm({ mobile: userInfo?.mobile ?? "", code: "", current_password: "" });
  const countdown = useCountdown();
  // The server asks for the current password before it changes the number (then the field stays).
  const [askPassword, setAskPassword] = useState(false);
  useEffect(() => {
    if (form.errors.current_password) setAskPassword(true);
  }, [form.errors.current_password]);

  // A code already sent and still valid: its number and the seconds left (then step 2 is where the user belongs).
  const [stillValid, setStillValid] = useState(false);

  // Each opening starts at the requested step with the saved number, or at entering the code when
  // one sent before is still valid (closed or reloaded mid-countdown), with the time that is left.
  useEffect(() => {
    if (!isOpen) return;
    const left = mobileStep === 1 && userInfo ? codeSecondsLeft(userInfo.id, userInfo.mobile) : null;
    setStep(left ? 2 : mobileStep);
    if (left) countdown.start(left);
    setStillValid(false);
    setAskPassword(false);
    form.setValues({ mobile: userInfo?.mobile ?? "", code: "", current_password: "" });
    form.setErrors({});
    form.setFormError(null);
    // Only on opening: the rest is this dialog's own state.
  }, [isOpen]);

  // The timer belongs to step 2 only: cleared when the step leaves 2 (an opening straight at 2 keeps the one it started).
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current === 2 && step !== 2) countdown.clear();
    lastStep.current = step;
  }, [step]);

  function markSaved(mobile: string, verified: boolean) {
    if (userInfo) setUserInfo({ ...userInfo, mobile, mobile_verifed: verified ? 1 : 0 });
    void queryClient.invalidateQueries({ queryKey: ["profile"] });
  }

  async function save() {
    const checked = validate(MobileInput, { mobile: form.values.mobile });
    if (!checked.ok) return form.setErrors(checked.errors);
    const mobile = checked.data.mobile;
    const ok = await form.run(() => updateMobile(mobile, form.values.current_password));
    if (!ok) return;
    const verified = userInfo?.mobile === mobile && userInfo.mobile_verifed === 1;
    markSaved(mobile, verified);
    form.setValues((v) => ({ ...v, mobile }));
    if (stepAfterSave({ mobileSmsConfirmation, verified }) === 1) setStep(1);
    else {
      toast.success(authMessages.mobileSuccess);
      onOpenChange(false);
    }
  }

  async function sendCode() {
    const checked = validate(MobileInput, { mobile: form.values.mobile });
    if (!checked.ok) return form.setErrors(checked.errors);
    const mobile = checked.data.mobile;
    let live: number | null = null;
    const ok = await form.run(
      () => sendMobileCode(mobile, form.values.current_password),
      (err) => {
        const body = err.body as { code?: unknown; retry_after?: unknown } | null;
        // The code sent before is still valid: go on to entering it, with the time it has left.
        if (body?.code === CODE_STILL_VALID && typeof body.retry_after === "number" && body.retry_after > 0) live = body.retry_after;
        else form.setFormError(err.message);
      },
    );
    if (!ok && live === null) return;
    if (userInfo && userInfo.mobile !== mobile) markSaved(mobile, false);
    form.setValues((v) => ({ ...v, mobile, code: "" }));
    setStillValid(live !== null);
    setStep(2);
    countdown.start(live ?? undefined);
    if (userInfo) rememberCodeSent(userInfo.id, mobile, live ?? CODE_COUNTDOWN_SECONDS);
  }

  async function verify() {
    const checked = validate(MobileVerifyInput, { code: form.values.code });
    if (!checked.ok) return form.setErrors(checked.errors);
    const ok = await form.run(() => verifyMobile(checked.data.code));
    if (!ok) return;
    forgetCodeSent();
    markSaved(form.values.mobile, true);
    toast.success(authMessages.mobileSuccess);
    onOpenChange(false);
  }

  const mobileEmpty = !form.values.mobile.trim();
  const passwordField = askPassword && (
    <PasswordField label={authUi.mobile.currentPassword} description={authUi.mobile.currentPasswordWhy} autoFocus {...form.field("current_password")} />
  );
  const codeEmpty = !form.values.code.trim();

  return (
    <Dialog title={authUi.mobile.title} width={400} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void (step === 0 ? save() : step === 1 ? sendCode() : verify());
        }}
      >
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {step === 0 && (
          <>
            <p className="auth-form__intro">{authUi.mobile.enterNumber}</p>
            <TextField label={authUi.mobile.mobile} type="tel" inputMode="tel" autoComplete="tel" ltr autoFocus {...form.field("mobile")} />
            {passwordField}
            <Button type="submit" fullWidth isDisabled={mobileEmpty || form.busy} isPending={form.busy}>
              {authUi.mobile.save}
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <p className="auth-form__intro">{authUi.mobile.sendIntro}</p>
            <TextField label={authUi.mobile.mobile} type="tel" inputMode="tel" autoComplete="tel" ltr {...form.field("mobile")} />
            {passwordField}
            <Button type="submit" fullWidth isDisabled={mobileEmpty || form.busy} isPending={form.busy}>
              {authUi.mobile.send}
            </Button>
          </>
        )}
        {step === 2 && (
          <>
            {stillValid && <Alert tone="info">{authUi.mobile.stillValid}</Alert>}
            <p className="auth-form__intro">{authUi.mobile.codeIntro(form.values.mobile)}</p>
            <TextField label={authUi.mobile.code} inputMode="numeric" autoComplete="one-time-code" ltr autoFocus maxLength={6} {...form.field("code")} />
            <div className="auth-countdown" aria-live="off">
              {countdown.finished ? (
                <span className="auth-countdown__expired">{authUi.mobile.expired}</span>
              ) : (
                <span>
                  {authUi.mobile.timeLeft}: <bdi className="auth-countdown__time">{formatCountdown(countdown.secondsLeft)}</bdi>
                </span>
              )}
            </div>
            <Button type="submit" fullWidth isDisabled={codeEmpty || form.busy || countdown.finished} isPending={form.busy}>
              {authUi.mobile.verify}
            </Button>
            <div className="auth-form__row">
              <Button variant="ghost" size="sm" onPress={() => setStep(1)}>
                {authUi.mobile.changeNumber}
              </Button>
              {countdown.finished && (
                <Button variant="outline" size="sm" onPress={() => void sendCode()} isDisabled={form.busy}>
                  {authUi.mobile.resend}
                </Button>
              )}
            </div>
          </>
        )}
      </form>
    </Dialog>
  );
}
