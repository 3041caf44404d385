import { useEffect, useRef } from "react";
import { useLogout } from "../../components/shell/logout";
import { PageHeading } from "../../components/shell/page-heading";
import { ProgressBar } from "../../components/ui/progress-bar";
import { LinkButton } from "../../components/ui/link";

/** /logout: signs out (POST /logout) and returns home; a failure leaves a way back. */
export default function LogoutPage() {
  const logout = useLogout("home");
  const started = useRef(false);
  useEffect(() => {
    // Once, even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);
  return (
    <div className="container page">
      <PageHeading title="خروج" />
      <ProgressBar isIndeterminate aria-label="در حال خروج از حساب کاربری…" />
      <p>
        <LinkButton to="/" variant="outline" size="sm">
          بازگشت به صفحهٔ اصلی
        </LinkButton>
      </p>
    </div>
  );
}
