import { useLocation, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { authMessages, CodeField, NewPasswordField, ResetRequestInput, type ResetChannel } from "../../../../contract/auth";
import { z } from "zod";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { confirmPasswordReset, requestPasswordReset } from "../../auth/queries";
import { useUiState } from "../../../lib/ui-state";
import { useForm, validate } from "../../auth/form";
import { formatCountdown } from "../../auth/messages";
import { useCountdown } from "../../auth/use-countdown";
import { accountUi } from "../messages";
import "../account.css";
import { PasswordField } from "../../../components/ui/password-field";

const t = accountUi.reset;

/** The new-password part of the confirm call, checked in the page with the server's field rules. */
const NewPasswordForm = z
  .object({ password: NewPasswordField, password_confirmation: z.string().min(1, authMessages.confirmationRequired) })
  .refine((d) => d.password === d.password_confirmation, { path: ["password_confirmation"], error: authMessages.confirmationMismatch });
const CodeForm = z.object({ code: CodeField });

type Stage = { kind: "request" } | { kind: "code"; identifier: string } | { kind: "emailSent"; message: string } | { kind: "done" };

/**
 * /password/reset (not in the spec): a mobile gets an SMS code typed here; an e-mail or username
 * gets a one-hour link back to this page with ?token=. Success ends every session, so the user logs in again.
 */
export default function PasswordReset() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const params = useParams({ strict: false });
  const token = typeof search.token === "string" ? search.token : params.token;
  const [stage, setStage] = useState<Stage>(token ? { kind: "code", identifier: "" } : { kind: "request" });

  return (
    <div className="container page account-narrow">
      <PageHeading title={t.title} />
      <div className="card account-card">
        {stage.kind === "done" ? (
          <Done />
        ) : token ? (
          <NewPassword token={token} onDone={() => setStage({ kind: "done" })} />
        ) : stage.kind === "request" ? (
          <RequestForm onSent={(identifier, channel, message) => setStage(channel === "sms" ? { kind: "code", identifier } : { kind: "emailSent", message })} />
        ) : stage.kind === "emailSent" ? (
          <>
            <Alert tone="success">{stage.message}</Alert>
            <div className="account-actions">
              <Button variant="ghost" onPress={() => setStage({ kind: "request" })}>
                {t.another}
              </Button>
            </div>
          </>
        ) : (
          <NewPassword identifier={stage.identifier} onDone={() => setStage({ kind: "done" })} onRestart={() => setStage({ kind: "request" })} />
        )}
      </div>
    </div>
  );
}

function RequestForm({ onSent }: { onSent(identifier: string, channel: ResetChannel, message: string): void }) {
  const form = useForm({ identifier: "" });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(ResetRequestInput, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    const res = await form.run(() => requestPasswordReset(checked.data));
    if (res) onSent(checked.data.identifier, res.channel, res.message);
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <p className="account-card__hint">{t.intro}</p>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField label={t.identifier} autoComplete="username" ltr autoFocus {...form.field("identifier")} />
      <div className="account-actions">
        <Button type="submit" isPending={form.busy}>
          {t.request}
        </Button>
      </div>
    </form>
  );
}

/** With `identifier` (SMS path): code + new password, and a resend after the 240 s countdown. With `token` (e-mail link): new password only. */
function NewPassword({ identifier, token, onDone, onRestart }: { identifier?: string; token?: string; onDone(): void; onRestart?(): void }) {
  const form = useForm({ code: "", password: "", password_confirmation: "" });
  const countdown = useCountdown();
  const [sentMessage, setSentMessage] = useState<string | null>(identifier ? authMessages.resetSentSms : null);
  // The code was just sent: its resend countdown starts with the form.
  useEffect(() => {
    if (identifier) countdown.start();
  }, [identifier]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const pw = validate(NewPasswordForm, form.values);
    const code = identifier ? validate(CodeForm, form.values) : ({ ok: true } as const);
    const errors = { ...(pw.ok ? {} : pw.errors), ...(code.ok ? {} : code.errors) };
    if (Object.keys(errors).length) return form.setErrors(errors);
    const body = token ? { token, password: form.values.password, password_confirmation: form.values.password_confirmation } : { identifier, ...form.values };
    const res = await form.run(() => confirmPasswordReset(body));
    if (res) onDone();
  }

  async function resend() {
    const res = await form.run(() => requestPasswordReset({ identifier }));
    if (res) {
      setSentMessage(res.message);
      countdown.start();
    }
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {token && <p className="account-card__hint">{t.linkIntro}</p>}
      {sentMessage && !form.formError && <Alert tone="info">{sentMessage}</Alert>}
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      {identifier && <TextField label={t.code} inputMode="numeric" autoComplete="one-time-code" ltr autoFocus maxLength={6} {...form.field("code")} />}
      <PasswordField isNew label={t.newPassword} autoFocus={!identifier} {...form.field("password")} />
      <PasswordField isNew label={t.confirmation} {...form.field("password_confirmation")} />
      {identifier && (
        <p className="account-card__hint">
          {countdown.running ? (
            <>
              {t.timeLeft}: <bdi>{formatCountdown(countdown.secondsLeft)}</bdi>
            </>
          ) : null}
        </p>
      )}
      <div className="account-actions">
        {identifier && countdown.finished && (
          <Button variant="outline" onPress={() => void resend()} isDisabled={form.busy}>
            {t.resend}
          </Button>
        )}
        {onRestart && (
          <Button variant="ghost" onPress={onRestart}>
            {t.another}
          </Button>
        )}
        <Button type="submit" isPending={form.busy}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}

function Done() {
  const { openDialog } = useUiState();
  return (
    <>
      <Alert tone="success">{authMessages.resetDone}</Alert>
      <div className="account-actions">
        <Button onPress={() => openDialog("login")}>{t.login}</Button>
      </div>
    </>
  );
}
