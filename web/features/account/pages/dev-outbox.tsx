import { useQuery } from "@tanstack/react-query";
import { formatJalaliDate } from "../../../../lib/format";
import { PageHeading } from "../../../components/shell/page-heading";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../../components/ui/table";
import { usePageData } from "../../../lib/page-data-context";
import { accountUi } from "../messages";
import { devOutboxQuery } from "../queries";
import "../account.css";

const t = accountUi.outbox;

/** Links in a message become clickable, so a developer can follow a reset or verification link. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="account-message">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} dir="ltr">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </p>
  );
}

/** /dev/outbox: SMS and e-mail that a development machine keeps instead of sending (no provider keys). */
export default function DevOutbox() {
  const { environment } = usePageData();
  const available = environment !== "production";
  const query = useQuery({ ...devOutboxQuery(), enabled: available });

  return (
    <div className="container page">
      <PageHeading title={t.title} />
      {!available ? (
        <Alert tone="info">{t.unavailable}</Alert>
      ) : (
        <div className="card account-card">
          <p className="account-card__hint">{t.intro}</p>
          <div className="account-actions">
            <Button variant="outline" size="sm" onPress={() => void query.refetch()} isPending={query.isFetching}>
              {t.refresh}
            </Button>
          </div>
          {query.isError ? (
            <Alert tone="error">{query.error.message}</Alert>
          ) : query.data && query.data.messages.length === 0 ? (
            <p className="account-muted">{t.empty}</p>
          ) : (
            <Table aria-label={t.label}>
              <TableHeader>
                <Column isRowHeader>{t.recipient}</Column>
                <Column>{t.channel}</Column>
                <Column>{t.time}</Column>
                <Column>{t.message}</Column>
              </TableHeader>
              <TableBody items={query.data?.messages ?? []}>
                {(msg) => (
                  <Row id={msg.id}>
                    <Cell>
                      <bdi dir="ltr">{msg.recipient}</bdi>
                    </Cell>
                    <Cell>{msg.channel === "sms" ? t.sms : t.email}</Cell>
                    <Cell>{formatJalaliDate(msg.created_at, { withTime: true })}</Cell>
                    <Cell>
                      {msg.subject && <strong>{msg.subject}</strong>}
                      <MessageText text={msg.text} />
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
        </div>
      )}
    </div>
  );
}
