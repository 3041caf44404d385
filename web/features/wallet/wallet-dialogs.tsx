import { useUiState } from "../../lib/ui-state";
import { PackageOfferDialog } from "./package-offer-dialog";

/** The wallet's shell-level dialogs (mounted once in the root layout): the package offer. */
export function WalletDialogs() {
  const { open, openDialog, closeDialog } = useUiState();
  return <PackageOfferDialog isOpen={!!open.packageOffer} onOpenChange={(o) => (o ? openDialog("packageOffer") : closeDialog("packageOffer"))} />;
}

export default WalletDialogs;
