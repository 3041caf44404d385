import { DeskPage } from "../desk-page";

export default function Solver() {
  return <DeskPage mode="solver" />;
}
