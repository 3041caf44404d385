import { useMutation } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { LinkButton } from "../../../components/ui/link";
import { verifyEmailMutation } from "../queries";
import { accountUi } from "../messages";
import "../account.css";

const t = accountUi.verifyEmail;

/**
 * The e-mail change link lands here (/verify/email?token=...). Opening the page posts the token,
 * so a mail scanner that only fetches the link changes nothing.
 */
export default function VerifyEmail() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const token = typeof search.token === "string" ? search.token : "";
  const verify = useMutation(verifyEmailMutation());

  useEffect(() => {
    if (token) verify.mutate(token);
    // Once per token.
  }, [token]);

  return (
    <div className="container page account-narrow">
      <PageHeading title={t.title} />
      <div className="card account-card">
        {!token ? (
          <Alert tone="error">{t.noToken}</Alert>
        ) : verify.isSuccess ? (
          <Alert tone="success">{verify.data.message}</Alert>
        ) : verify.isError ? (
          <Alert tone="error">{verify.error.message}</Alert>
        ) : (
          <p className="account-muted">{t.working}</p>
        )}
        <div className="account-actions">
          <LinkButton to="/profile" variant="outline">
            {t.toProfile}
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
