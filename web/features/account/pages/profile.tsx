import { useMutation, useQueryClient, useSuspenseQuery, type UseMutationOptions } from "@tanstack/react-query";
import { useState } from "react";
import { formatJalaliDate, formatNumber, formatToman } from "../../../../lib/format";
import { toPersianDigits } from "../../../../lib/digits";
import { EmailChangeInput, PasswordChangeInput, UpdateDetailsInput, type ProfileDetails, type ProfileSession } from "../../../../contract/profile";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { LinkButton } from "../../../components/ui/link";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../../components/ui/table";
import { QueryBoundary } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { usePageData } from "../../../lib/page-data-context";
import { useUiState } from "../../../lib/ui-state";
import { useForm, validate } from "../../auth/form";
import { accountUi } from "../messages";
import { endOtherSessionsMutation, endSessionMutation, profileChanges, profileDetailsQuery, profileKey } from "../queries";
import { describeUserAgent } from "../user-agent";
import "../account.css";
import { PasswordField } from "../../../components/ui/password-field";

const t = accountUi.profile;
type Ok = { status: "ok"; message: string };

/** /profile: details with editing, credits, e-mail and password changes, and active sessions (issue item 9). Its route's loader reads the details. */
export default function Profile() {
  const { isGuest } = usePageData();
  const { openDialog } = useUiState();

  return (
    <div className="container page">
      <PageHeading title={t.title} />
      {isGuest ? (
        <Alert tone="info" action={<Button onPress={() => openDialog("login")}>{t.login}</Button>}>
          {t.guest}
        </Alert>
      ) : (
        <QueryBoundary label={t.title} errorText={(e) => e.message || t.loadError}>
          <ProfileBody />
        </QueryBoundary>
      )}
    </div>
  );
}

function ProfileBody() {
  const { data: details } = useSuspenseQuery(profileDetailsQuery());
  return (
    <div className="account-grid">
      <DetailsCard details={details} />
      <CreditsCard details={details} />
      <EmailCard />
      <PasswordCard />
      <SessionsCard sessions={details.sessions} />
    </div>
  );
}

/** Runs a profile change, then refreshes the profile queries and shows the server's message. */
function useProfileChange<I>(change: UseMutationOptions<Ok, Error, I>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...change,
    onSuccess: (res) => {
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
}

function DetailsCard({ details }: { details: ProfileDetails }) {
  const { user } = details;
  const { userInfo, setUserInfo } = usePageData();
  const { openDialog, setMobileStep } = useUiState();
  const form = useForm({ name: user.name });
  const save = useProfileChange(profileChanges.details);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(UpdateDetailsInput, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    const ok = await form.run(() => save.mutateAsync(checked.data));
    if (ok && userInfo) setUserInfo({ ...userInfo, name: checked.data.name });
  }

  const openMobile = (step: 0 | 1) => {
    setMobileStep(step);
    openDialog("mobile");
  };

  return (
    <section className="card account-card" aria-labelledby="profile-details">
      <h2 id="profile-details">{t.details}</h2>
      <form className="account-form__inline" onSubmit={submit} noValidate>
        <TextField label={t.name} autoComplete="name" {...form.field("name")} />
        <Button type="submit" variant="outline" isPending={form.busy}>
          {t.save}
        </Button>
      </form>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <dl className="account-facts">
        {details.username && (
          <>
            <dt>{t.username}</dt>
            <dd>
              <bdi dir="ltr">{details.username}</bdi>
            </dd>
          </>
        )}
        <dt>{t.email}</dt>
        <dd>
          <bdi dir="ltr">{user.email}</bdi>
          <span className={`account-badge ${details.email_verified ? "account-badge--ok" : ""}`}>
            {details.email_verified ? t.emailVerified : t.emailUnverified}
          </span>
          {details.pending_email && <span className="account-badge account-badge--warn">{t.pendingEmail(details.pending_email)}</span>}
        </dd>
        <dt>{t.mobile}</dt>
        <dd>
          {user.mobile ? (
            <>
              <bdi dir="ltr">{toPersianDigits(user.mobile)}</bdi>
              <span className={`account-badge ${user.mobile_verifed ? "account-badge--ok" : "account-badge--warn"}`}>
                {user.mobile_verifed ? t.mobileVerified : t.mobileUnverified}
              </span>
              {!user.mobile_verifed && (
                <Button size="sm" variant="outline" onPress={() => openMobile(1)}>
                  {t.verifyMobile}
                </Button>
              )}
              <Button size="sm" variant="ghost" onPress={() => openMobile(0)}>
                {t.changeMobile}
              </Button>
            </>
          ) : (
            <>
              <span className="account-muted">{t.noMobile}</span>
              <Button size="sm" variant="outline" onPress={() => openMobile(0)}>
                {t.addMobile}
              </Button>
            </>
          )}
        </dd>
        <dt>{t.memberSince}</dt>
        <dd>{formatJalaliDate(details.created_at)}</dd>
      </dl>
    </section>
  );
}

function CreditsCard({ details }: { details: ProfileDetails }) {
  const u = details.user;
  const limited = u.limited_vip_credits;
  return (
    <section className="card account-card" aria-labelledby="profile-credits">
      <h2 id="profile-credits">{t.credits}</h2>
      <dl className="account-facts">
        <dt>{t.balance}</dt>
        <dd>{formatToman(u.balance)}</dd>
        <dt>
          {t.special} ({t.limited})
        </dt>
        <dd>{limited.count > 0 && limited.expiration ? t.limitedUntil(formatNumber(limited.count), formatJalaliDate(limited.expiration)) : formatNumber(0)}</dd>
        <dt>
          {t.special} ({t.unlimited})
        </dt>
        <dd>{formatNumber(u.unlimited_vip_credits)}</dd>
        <dt>{t.offline}</dt>
        <dd>{formatNumber(u.offline_article_credit)}</dd>
        <dt>{t.standard}</dt>
        <dd>{formatNumber(u.standard_credit)}</dd>
      </dl>
      <div className="account-actions">
        <LinkButton to="/profile/financial" variant="outline" size="sm">
          {t.financial}
        </LinkButton>
      </div>
    </section>
  );
}

function EmailCard() {
  const empty = { email: "", current_password: "" };
  const form = useForm(empty);
  const change = useProfileChange(profileChanges.email);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(EmailChangeInput, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    const ok = await form.run(() => change.mutateAsync(checked.data));
    if (ok) form.setValues(empty);
  }
  return (
    <section className="card account-card" aria-labelledby="profile-email">
      <h2 id="profile-email">{t.changeEmail}</h2>
      <p className="account-card__hint">{t.newEmailHint}</p>
      <form className="account-form" onSubmit={submit} noValidate>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField label={t.newEmail} type="email" autoComplete="email" ltr {...form.field("email")} />
        <PasswordField label={t.currentPassword} description={t.currentPasswordWhy} {...form.field("current_password")} />
        <div className="account-actions">
          <Button type="submit" isPending={form.busy}>
            {t.sendLink}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordCard() {
  const empty = { current_password: "", password: "", password_confirmation: "" };
  const form = useForm(empty);
  const change = useProfileChange(profileChanges.password);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(PasswordChangeInput, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    const ok = await form.run(() => change.mutateAsync(form.values));
    if (ok) form.setValues(empty);
  }
  return (
    <section className="card account-card" aria-labelledby="profile-password">
      <h2 id="profile-password">{t.changePassword}</h2>
      <p className="account-card__hint">{t.changePasswordHint}</p>
      <form className="account-form" onSubmit={submit} noValidate>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <PasswordField label={t.currentPassword} {...form.field("current_password")} />
        <PasswordField isNew label={t.newPassword} {...form.field("password")} />
        <PasswordField isNew label={t.confirmation} {...form.field("password_confirmation")} />
        <div className="account-actions">
          <Button type="submit" isPending={form.busy}>
            {t.submitPassword}
          </Button>
        </div>
      </form>
    </section>
  );
}

function SessionsCard({ sessions }: { sessions: ProfileSession[] }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const done = (res: Ok) => {
    setError(null);
    toast.success(res.message);
    void queryClient.invalidateQueries({ queryKey: profileKey });
  };
  const fail = (e: Error) => setError(e.message);
  const endOne = useMutation({ ...endSessionMutation(), onSuccess: done, onError: fail });
  const endOthers = useMutation({ ...endOtherSessionsMutation(), onSuccess: done, onError: fail });
  const others = sessions.filter((s) => !s.current).length;

  return (
    <section className="card account-card account-card--wide" aria-labelledby="profile-sessions">
      <h2 id="profile-sessions">{t.sessions}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      <Table aria-label={t.sessionsLabel}>
        <TableHeader>
          <Column isRowHeader>{t.device}</Column>
          <Column>{t.ip}</Column>
          <Column>{t.lastSeen}</Column>
          <Column>{t.kind}</Column>
          <Column>
            <span className="visually-hidden">{t.end}</span>
          </Column>
        </TableHeader>
        <TableBody items={sessions}>
          {(s) => (
            <Row id={s.id}>
              <Cell>
                {describeUserAgent(s.user_agent) ?? t.unknownDevice}
                {s.current && <span className="account-badge account-badge--ok">{t.thisDevice}</span>}
              </Cell>
              <Cell>
                <bdi dir="ltr">{s.ip ?? "—"}</bdi>
              </Cell>
              <Cell>{formatJalaliDate(s.last_seen_at, { withTime: true })}</Cell>
              <Cell>{s.remember ? t.remembered : t.browserSession}</Cell>
              <Cell>
                {!s.current && (
                  <Button size="sm" variant="danger" onPress={() => endOne.mutate(s.id)} isPending={endOne.isPending && endOne.variables === s.id}>
                    {t.end}
                  </Button>
                )}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {others > 0 && (
        <div className="account-actions">
          <Button variant="outline" onPress={() => endOthers.mutate()} isPending={endOthers.isPending}>
            {t.endOthers}
          </Button>
        </div>
      )}
    </section>
  );
}
