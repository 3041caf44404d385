import { Icon } from "../ui/icon";
import { LinkButton } from "../ui/link";
import { shellMessages as m } from "./messages";
import { PageHeading } from "./page-heading";

/** A page whose feature has not landed yet: its title and a short note. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="container page">
      <PageHeading title={title} />
      <div className="card placeholder">
        <Icon name="clock" size={32} />
        <p>{m.placeholder}</p>
        <LinkButton to="/" variant="outline" size="sm">
          {m.backHome}
        </LinkButton>
      </div>
    </div>
  );
}
