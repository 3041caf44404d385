import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { TextField } from "../../components/ui/text-field";
import { ApiError } from "../../lib/api";
import { homeMessages as m } from "./messages";
import { sendVerifyEmailMutation } from "./queries";

/**
 * For signed-in users without an institution: confirm an address on a contracted university's
 * domain (search spec §7 `GET send/verify/email`); the e-mailed link joins the account.
 */
export default function EmailVerifyBox() {
  const [email, setEmail] = useState("");
  const send = useMutation(sendVerifyEmailMutation());
  const fieldError = send.error instanceof ApiError ? send.error.fieldErrors.email?.join(" ") : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (email.trim()) send.mutate(email.trim());
  }

  return (
    <section className="card home-box email-verify-box" aria-labelledby="email-verify-title">
      <div className="email-verify-box__head">
        <Icon name="building" size={30} />
        <div>
          <h2 id="email-verify-title" className="home-box__title">
            {m.emailVerify.heading}
          </h2>
          <p className="home-box__text">{m.emailVerify.text}</p>
        </div>
      </div>
      <form className="email-verify-box__form" onSubmit={submit} noValidate>
        <TextField
          label={m.emailVerify.label}
          placeholder="name@university.ac.ir"
          type="email"
          ltr
          value={email}
          onChange={(v) => {
            setEmail(v);
            if (send.isError) send.reset();
          }}
          isInvalid={!!fieldError}
          errorMessage={fieldError}
          autoComplete="email"
        />
        <Button type="submit" isDisabled={!email.trim() || send.isPending}>
          <Icon name="mail" size={18} />
          {send.isPending ? m.emailVerify.sending : m.emailVerify.send}
        </Button>
      </form>
      <div aria-live="polite">
        {send.isSuccess && send.data.status === "ok" && <Alert tone="success">{send.data.msg}</Alert>}
        {send.isError && !fieldError && <Alert tone="error">{send.error.message}</Alert>}
      </div>
    </section>
  );
}
