/**
 * One document, one piece of work, through the HTTP surface: real-world spellings of one edition
 * (titles typed every way, authors before or after, "4th ed.", "Fourth edition", "ed. 4", "4e",
 * "چاپ چهارم", ISBN-10/13 bare, labelled, in a shop link or in the description, a book DOI, standard
 * numbers across spacing and year forms) land in one group; other editions, other versions of a
 * standard, and a solution manual of the same book do not. Staff may confirm, split or join ("same
 * as"). A DOI-only request carries Crossref's recorded record as its resolved metadata.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DeskDetail } from "../../contract/offline";
import { fund } from "./wallet-factories";
import { deskAction, deskActionOk, insertArticle, insertBookOk, person, requestRow, type Person } from "./offline-factories";

async function detail(c: Person["client"], id: string) {
  const res = await c.get(`/admin/offline/requests/${id}`);
  expect(res.status).toBe(200);
  return DeskDetail.parse(await res.json());
}

const groupOf = async (id: string) => {
  const row = (await requestRow(id))!;
  return String(row["group_key"] ?? row["doc_key"]);
};

type Spelling = [group: string, input: { url: string; doi?: string; more?: string; type?: "book" | "standard" }];

/** Every row is one user's request; rows with the same letter are one edition, different letters are not. */
const SPELLINGS: Spelling[] = [
  // Introduction to Algorithms, 4th edition (MIT Press 2022; ISBN 978-0-262-04630-5 / 0-262-04630-X)
  ["clrs4", { url: "Introduction to Algorithms, 4th edition, Cormen…" }],
  ["clrs4", { url: "Cormen T.H. et al. – introduction to algorithms (4th ed.)" }],
  ["clrs4", { url: "INTRODUCTION TO ALGORITHMS Fourth Edition" }],
  ["clrs4", { url: "Introduction to algorithms ed. 4 — Cormen, Leiserson, Rivest, Stein" }],
  ["clrs4", { url: "کتاب Introduction to Algorithms چاپ چهارم" }],
  ["clrs4", { url: "Cormen, T. H., Leiserson, C. E., Rivest, R. L., & Stein, C. (2022). Introduction to algorithms (4th ed.). MIT Press." }],
  ["clrs4", { url: "ISBN 978-0-262-04630-5" }],
  ["clrs4", { url: "0-262-04630-X" }],
  ["clrs4", { url: "https://www.amazon.com/Introduction-Algorithms-fourth-Thomas-Cormen/dp/026204630X/ref=sr_1_1" }],
  ["clrs4", { url: "Introduction to Algorithms", more: "ISBN-13: 9780262046305, the hardcover please" }],
  // …3rd edition (2009; 978-0-262-03384-8 / 0-262-03384-4): another document
  ["clrs3", { url: "Introduction to Algorithms, 3rd ed." }],
  ["clrs3", { url: "introduction to algorithms third edition cormen" }],
  ["clrs3", { url: "ISBN 0-262-03384-4" }],
  // a solution manual of the 4th edition is not the book
  ["clrs4-manual", { url: "Solutions Manual for Introduction to Algorithms 4th edition" }],
  // Stewart, Calculus: Early Transcendentals, 8th (978-1-285-74155-0) and 9th editions
  ["stewart8", { url: "Calculus: Early Transcendentals, 8th Edition by James Stewart" }],
  ["stewart8", { url: "Stewart, J. (2015). Calculus: early transcendentals (8th ed.). Cengage Learning." }],
  ["stewart8", { url: "calculus early transcendentals 8e stewart" }],
  ["stewart8", { url: "https://www.bookfinder.com/search/?isbn=9781285741550" }],
  ["stewart9", { url: "Calculus Early Transcendentals 9th edition Stewart" }],
  // Oppenheim & Willsky, Signals and Systems, 2nd edition
  ["oppenheim2", { url: "Oppenheim, A. V., Willsky, A. S. Signals and Systems, 2nd ed., Prentice Hall, 1997." }],
  ["oppenheim2", { url: "Signals & Systems (2nd Edition) by Alan V. Oppenheim" }],
  // Halliday, Fundamentals of Physics, 10th edition; the "Extended" book is another
  ["halliday10", { url: "Fundamentals of Physics Halliday Resnick 10th edition" }],
  ["halliday10", { url: "Halliday, Resnick, Walker - Fundamentals of Physics, Tenth Edition (Wiley)" }],
  ["halliday-ext", { url: "Fundamentals of Physics Extended, 10th Edition" }],
  // Axler, Linear Algebra Done Right, 3rd edition: Springer's book link with its DOI (e-ISBN inside), the ISBN, the title
  ["axler3", { url: "https://link.springer.com/book/10.1007/978-3-319-11080-6" }],
  ["axler3", { url: "ISBN 978-3-319-11080-6" }],
  ["axler3", { url: "Linear Algebra Done Right, 3rd edition, Axler" }],
  ["axler4", { url: "Linear Algebra Done Right 4th ed. Sheldon Axler" }],
  // ASTM D638: the 2014 version typed three ways, the 2022 version apart
  ["astm638-14", { url: "Standard Test Method for Tensile Properties of Plastics", doi: "ASTM D638-14", type: "standard" }],
  ["astm638-14", { url: "tensile properties of plastics", doi: "ASTM D 638 – 14", type: "standard" }],
  ["astm638-14", { url: "astm d638-2014", type: "standard" }],
  ["astm638-22", { url: "Standard Test Method for Tensile Properties of Plastics", doi: "ASTM D638-22", type: "standard" }],
  // ISO 527-2:2012 by colon, by brackets
  ["iso527-2", { url: "Plastics — Determination of tensile properties — Part 2", doi: "ISO 527-2:2012", type: "standard" }],
  ["iso527-2", { url: "ISO 527-2 (2012)", type: "standard" }],
];

const catalogue: [title: string, authors: string, edition: string, isbn: string][] = [
  ["Introduction to Algorithms", "Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein", "4", "978-0-262-04630-5"],
  ["Introduction to Algorithms", "Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein", "3rd", "9780262033848"],
  ["Calculus: Early Transcendentals", "James Stewart", "8th Edition", "9781285741550"],
  ["Linear Algebra Done Right", "Sheldon Axler", "3", "978-3-319-11080-6"],
];

describe("real-world spellings of one edition", () => {
  const ids: string[] = [];
  let admin: Person;
  beforeAll(async () => {
    admin = await person({ admin: true });
    // What the catalogue knows by ISBN (the book resolver's first source).
    for (const [title, authors, edition, isbn] of catalogue) {
      await env.DB.prepare("INSERT INTO catalog_items (type, title, authors, edition, isbn, created_at) VALUES (0, ?, ?, ?, ?, ?)")
        .bind(title, authors, edition, isbn, Date.now())
        .run();
    }
    for (const [, input] of SPELLINGS) {
      const u = await person();
      ids.push((await insertBookOk(u.client, input)).id);
    }
  }, 120_000);

  it(`groups ${SPELLINGS.length} spellings into ${new Set(SPELLINGS.map((s) => s[0])).size} pieces of work, editions and versions apart`, async () => {
    const keys = await Promise.all(ids.map(groupOf));
    const table = SPELLINGS.map(([group, input], i) => ({ group, key: keys[i]!, input: input.doi ? `${input.url} | ${input.doi}` : input.url }));
    const wrong: string[] = [];
    for (const a of table) {
      for (const b of table) {
        if (a === b) continue;
        if ((a.group === b.group) !== (a.key === b.key))
          wrong.push(`${a.group === b.group ? "apart" : "together"}: «${a.input}» (${a.group}) and «${b.input}» (${b.group})`);
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it("the desk shows each member with why it is in the group, and the same-document count", async () => {
    const first = ids[0]!;
    const d = await detail(admin.client, first);
    const clrs4 = SPELLINGS.map((s, i) => [s[0], ids[i]!] as const)
      .filter(([g]) => g === "clrs4")
      .map(([, id]) => id);
    expect(d.group.map((g) => g.id).sort()).toEqual(clrs4.filter((id) => id !== first).sort());
    expect(d.request.same_document_open).toBe(clrs4.length - 1);
    const isbnMember = d.group.find((g) => g.id === ids[6]);
    expect(isbnMember?.basis).toBe("title");
    // the ISBN-only request carries the catalogue's record
    const isbnOnly = await detail(admin.client, ids[6]!);
    expect(isbnOnly.request.meta).toMatchObject({ title: "Introduction to Algorithms", edition: 4, isbns: ["9780262046305"], source: "catalogue" });
    expect(isbnOnly.request.meta?.authors).toContain("Thomas H. Cormen");
  });

  it("without an edition it joins, marked for staff; a near match is suggested, not grouped; staff join it with 'same as', confirm, or split it off", async () => {
    const opp = ids[SPELLINGS.findIndex((s) => s[0] === "oppenheim2")]!;
    // the same title with its authors after it, no edition: the same book, the edition unchecked
    const noEdition = await insertBookOk((await person()).client, { url: "Signals and Systems Oppenheim Willsky" });
    expect(await groupOf(noEdition.id)).toBe(await groupOf(opp));
    expect((await requestRow(noEdition.id))!["group_basis"]).toBe("title_no_edition");

    // the title goes on into words that are not its authors: perhaps another book
    const u = await person();
    const near = await insertBookOk(u.client, { url: "Signals and Systems Continuous and Discrete" });
    expect(await groupOf(near.id)).not.toBe(await groupOf(opp));
    const d = await detail(admin.client, near.id);
    // one suggestion per group (its latest member)
    expect(d.suggestions.map((s) => s.group_key)).toEqual([await groupOf(opp)]);

    const joined = await deskActionOk(admin.client, near.id, "same_as", { target: opp });
    expect(joined.request.group_key).toBe(await groupOf(opp));
    expect(joined.request.group_basis).toBe("staff");
    expect((await detail(admin.client, opp)).group.map((g) => g.id)).toContain(near.id);

    const split = await deskActionOk(admin.client, near.id, "split", {});
    expect(split.request.group_key).not.toBe(await groupOf(opp));
    expect((await detail(admin.client, opp)).group.map((g) => g.id)).not.toContain(near.id);

    // confirming keeps the group and says staff checked it
    const member = ids[SPELLINGS.findIndex((s) => s[0] === "oppenheim2") + 1]!;
    const confirmed = await deskActionOk(admin.client, member, "confirm_group", {});
    expect(confirmed.request).toMatchObject({ group_key: await groupOf(opp), group_basis: "staff" });

    // not the same as itself, nor as a request of another kind, nor an unknown one; nothing changes
    const std = ids[SPELLINGS.findIndex((s) => s[0] === "astm638-14")]!;
    for (const target of [near.id, std, "off_doesnotexist00"]) {
      const { res } = await deskAction(admin.client, near.id, "same_as", { target });
      expect(res.status, target).toBe(422);
    }
    expect((await requestRow(near.id))!["group_key"]).toBe(`split:${near.id}`);
  });

  it("pricing the group prices every spelling of it, and no other edition", async () => {
    const clrs4 = SPELLINGS.map((s, i) => [s[0], ids[i]!] as const)
      .filter(([g]) => g === "clrs4")
      .map(([, id]) => id);
    const clrs3 = SPELLINGS.map((s, i) => [s[0], ids[i]!] as const)
      .filter(([g]) => g === "clrs3")
      .map(([, id]) => id);
    const priced = await deskActionOk(admin.client, clrs4[0]!, "price", { price: 180_000, apply_to_group: true });
    expect(priced.affected.sort()).toEqual([...clrs4].sort());
    for (const id of clrs3) expect((await requestRow(id))!["status"]).toBe("registered");
  });
});

describe("resolved at registration", () => {
  it("a DOI-only request carries Crossref's record (recorded response): title, authors, year, publisher", async () => {
    const u = await person();
    await fund(u.user.id, { offline: 1 });
    const admin = await person({ admin: true });
    const { res, body } = await insertArticle(u.client, { url: "https://doi.org/10.1371/journal.pone.0033693" });
    expect(res.status, JSON.stringify(body)).toBe(200);
    const d = await detail(admin.client, String(body["id"]));
    expect(d.request.title).toBe("Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice");
    expect(d.request.meta).toMatchObject({
      title: "Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice",
      year: 2012,
      publisher: "Public Library of Science (PLoS)",
      doi: "10.1371/journal.pone.0033693",
      source: "crossref",
    });
    expect(d.request.meta?.authors.slice(0, 2)).toEqual(["Shankar Sadasivan", "Brooks B. Pond"]);
  });

  it("Crossref failing leaves the request registered with what the user typed", async () => {
    const u = await person();
    const admin = await person({ admin: true });
    const ok = await insertBookOk(u.client, { url: "Some Book on Failing Services, 2nd ed.", doi: "10.5555/fail-500-31" });
    const d = await detail(admin.client, ok.id);
    expect(d.request.meta).toMatchObject({ title: "Some Book on Failing Services", edition: 2, doi: "10.5555/fail-500-31", source: "typed" });
  });
});
