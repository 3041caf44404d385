import { useUiState } from "../../lib/ui-state";
import { PackageOfferDialog } from "./package-offer-dialog";

/** The wallet's shell-level dialogs (mounted once in the root layout): the package offer. */
export function WalletDialogs() {
  const { open, openDialog, closeDialog, packageOfferFor } = useUiState();
  return (
    <PackageOfferDialog
      isOpen={!!open.packageOffer}
      onOpenChange={(o) => (o ? openDialog("packageOffer") : closeDialog("packageOffer"))}
      purpose={packageOfferFor}
      // A new purpose opens a fresh offer with its own preselection.
      key={JSON.stringify(packageOfferFor)}
    />
  );
}

export default WalletDialogs;
