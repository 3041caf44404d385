import { Icon } from "../ui/icon";
import { LinkButton } from "../ui/link";
import { shellMessages as m } from "./messages";
import { PageHeading } from "./page-heading";

/** The Persian 404 page (the Worker also answers unknown paths with status 404). */
export function NotFound() {
  return (
    <div className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        {m.notFound.code}
      </p>
      <PageHeading title={m.notFound.title} />
      <p>{m.notFound.text}</p>
      <div className="not-found__actions">
        <LinkButton to="/" variant="primary">
          <Icon name="home" size={20} />
          {m.notFound.home}
        </LinkButton>
        <LinkButton to="/" hash="article" variant="outline">
          <Icon name="search" size={20} />
          {m.notFound.search}
        </LinkButton>
      </div>
    </div>
  );
}
