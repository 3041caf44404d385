import { useEffect, useRef } from "react";
import { usePageData } from "../../lib/page-data-context";
import { useUiState } from "../../lib/ui-state";
import { LoginDialog } from "./login-dialog";
import { MobileDialog } from "./mobile-dialog";
import { RegisterDialog } from "./register-dialog";
import { autoMobileStep } from "./rules";

/**
 * The account dialogs, driven by the shared dialog flags (login, register, mobile), and the mobile
 * dialog's automatic opening once user info is there (accounts spec §4).
 */
export function AuthDialogs() {
  const { open, openDialog, closeDialog, setMobileStep } = useUiState();
  const { userInfo, userType, mobileSmsConfirmation } = usePageData();
  const autoOpened = useRef(false);

  useEffect(() => {
    if (autoOpened.current || !userInfo) return;
    autoOpened.current = true;
    const step = autoMobileStep({ userInfo, userType, mobileSmsConfirmation });
    if (step === null) return;
    setMobileStep(step);
    openDialog("mobile");
    // Once per page load, when user info first appears.
  }, [userInfo]);

  const toggle = (name: "login" | "register" | "mobile") => (isOpen: boolean) => (isOpen ? openDialog(name) : closeDialog(name));

  return (
    <>
      {open.login && <LoginDialog isOpen onOpenChange={toggle("login")} />}
      {open.register && <RegisterDialog isOpen onOpenChange={toggle("register")} />}
      {open.mobile && <MobileDialog isOpen onOpenChange={toggle("mobile")} />}
    </>
  );
}
