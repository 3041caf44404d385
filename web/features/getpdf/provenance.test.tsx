import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NoticeBanners } from "./notice-banners";
import { OtherVersionOffer, ProvenanceLine } from "./provenance-line";

afterEach(cleanup);

describe("NoticeBanners", () => {
  it("red for a retraction, amber for a correction, each linking its notice; a notice DOI links the work", () => {
    render(
      <NoticeBanners
        notices={[
          { type: "retraction", doi: "10.1/ret", date: "2024-06-01", source: "crossref/publisher", relation: "updated_by" },
          { type: "correction", doi: "10.1/cor", date: null, source: "crossref/publisher", relation: "updated_by" },
          { type: "withdrawal", doi: "10.1/work", date: null, source: "crossref/publisher", relation: "update_to" },
        ]}
      />,
    );
    const alerts = screen.getAllByRole("alert");
    expect(alerts.map((a) => a.className.match(/ui-alert--(\w+)/)![1])).toEqual(["error", "warning", "error"]);
    expect(alerts[0]!.textContent).toContain("این مقاله بازپس‌گرفته شده است");
    expect(alerts[0]!.textContent).toMatch(/تاریخ اطلاعیه: ۱۴۰۳\/۰۳\/۱۲/);
    expect(screen.getAllByRole("link", { name: "دیدن اطلاعیه" }).map((l) => l.getAttribute("href"))).toEqual([
      "https://doi.org/10.1/ret",
      "https://doi.org/10.1/cor",
    ]);
    expect(screen.getByRole("link", { name: "دیدن مقالهٔ اصلی" }).getAttribute("href")).toBe("https://doi.org/10.1/work");
  });

  it("a partial retraction says so: red, titled as partial", () => {
    render(
      <NoticeBanners
        notices={[
          { type: "retraction", crossref_type: "partial_retraction", doi: "10.1/part", date: null, source: "crossref/publisher", relation: "updated_by" },
        ]}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.className).toMatch(/ui-alert--error/);
    expect(alert.textContent).toContain("بخشی از این مقاله بازپس‌گرفته شده است");
    expect(alert.textContent).toMatch(/^بخشی از این مقاله/);
  });

  it("renders nothing without notices", () => {
    const { container } = render(<NoticeBanners notices={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("ProvenanceLine", () => {
  it("a licensed copy: the licence named once («مجوز سازمانی …», not «مجوز مجوز …») and no internal source id", () => {
    render(<ProvenanceLine provenance={{ verified: "doi_on_page", version: "publishedVersion", license: "مجوز سازمانی Elsevier", host: null }} />);
    const text = document.querySelector(".getpdf-provenance")!.textContent!;
    expect(text).toBe("اصالت فایل: شناسهٔ مدرک روی صفحهٔ اول فایل دیده شد · نسخهٔ نهایی ناشر · مجوز سازمانی Elsevier");
    expect(text).not.toMatch(/مجوز مجوز|licensed:/);
  });

  it("says how the file was verified, its version, licence and host in one Persian line", () => {
    render(<ProvenanceLine provenance={{ verified: "unverified", version: "submittedVersion", license: null, host: "arxiv.org" }} />);
    expect(document.querySelector(".getpdf-provenance")!.textContent).toBe(
      "اصالت فایل: تأییدنشده: فایل متن خواندنی ندارد (اسکن‌شده) و از منبعی آمده که آن را با همین شناسه می‌دهد · پیش‌چاپ · مجوز اعلام نشده · از arxiv.org",
    );
  });

  it("offers the other version as the source's link", () => {
    render(<OtherVersionOffer other={{ version: "acceptedVersion", url: "https://repo.example.test/a.pdf", host: "repo.example.test" }} />);
    expect(screen.getByRole("link", { name: "repo.example.test" }).getAttribute("href")).toBe("https://repo.example.test/a.pdf");
    expect(document.body.textContent).toContain("نسخهٔ پذیرفته‌شدهٔ نویسنده");
  });
});
