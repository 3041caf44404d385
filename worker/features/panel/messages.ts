/** Persian texts of the contract partner's panel. */
export const panelMessages = {
  noInstitution: "حساب شما به هیچ دانشگاه یا سازمان طرف قراردادی متصل نیست.",
  groupNotFound: "گروه پیدا نشد.",
  memberNotFound: "این کاربر عضو سازمان شما نیست.",
  groupExists: "گروهی با این نام دارید.",
} as const;
