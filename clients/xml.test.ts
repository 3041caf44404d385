import { describe, expect, it } from "vitest";
import { fixtureText } from "../tests/fakes/providers/_shared";
import { XmlParseError, childElements, childText, firstChild, parseXml, textContent } from "./xml";

const ATOM = "http://www.w3.org/2005/Atom";

describe("parseXml", () => {
  it("parses the recorded arXiv feed with namespaces", () => {
    const feed = parseXml(fixtureText("arxiv/query_id_list.xml"));
    expect([feed.local, feed.ns]).toEqual(["feed", ATOM]);
    const total = firstChild(feed, "totalResults", "http://a9.com/-/spec/opensearch/1.1/");
    expect(total && textContent(total)).toBe("1");
    const entry = firstChild(feed, "entry", ATOM)!;
    expect(childText(entry, "id", ATOM)).toBe("http://arxiv.org/abs/2201.13452v1");
    expect(childElements(entry, "author", ATOM).map((a) => childText(a, "name", ATOM))).toEqual(["Hong-Ming Yin", "Jun Zou"]);
    expect(firstChild(entry, "primary_category", "http://arxiv.org/schemas/atom")!.attrs["term"]).toBe("math.AP");
    expect(childText(feed, "title", ATOM)).toContain("search_query=&id_list=2201.13455");
  });

  it("decodes entities, character references and CDATA, and skips comments, PIs and a DOCTYPE", () => {
    const doc = parseXml(
      `\ufeff<?xml version="1.0"?>\n<!DOCTYPE r [ <!ENTITY a "boom"> <!ELEMENT r ANY> ]>\n<!-- c -->\n<r a='x &amp; "y"'>&lt;b&gt; &#x41;&#66; <![CDATA[<raw & text>]]><?pi x?><!-- inner --></r>\n`,
    );
    expect(doc.attrs["a"]).toBe('x & "y"');
    expect(textContent(doc)).toBe("<b> AB <raw & text>");
  });

  it("does not expand entities declared in a DOCTYPE (no entity bombs)", () => {
    const doc = parseXml('<!DOCTYPE r [<!ENTITY lol "lollollol">]><r>&lol;&lol;</r>');
    expect(textContent(doc)).toBe("&lol;&lol;");
  });

  it("resolves default and prefixed namespaces per scope", () => {
    const doc = parseXml('<a xmlns="urn:one" xmlns:p="urn:p"><b/><p:c/><d xmlns="urn:two"><e/></d><f xmlns=""/></a>');
    const [b, c, d, f] = childElements(doc);
    expect([b!.ns, c!.ns, c!.local, d!.ns, childElements(d!)[0]!.ns, f!.ns]).toEqual(["urn:one", "urn:p", "c", "urn:two", "urn:two", null]);
  });

  it.each([
    ["mismatched end tag", "<a><b></a></b>"],
    ["unclosed element", "<a><b></b>"],
    ["bare ampersand", "<a>fish & chips</a>"],
    ["two roots", "<a/><b/>"],
    ["text after the root", "<a/>text"],
    ["undeclared prefix", "<x:a/>"],
    ["duplicate attribute", '<a b="1" b="2"/>'],
    ["unquoted attribute", "<a b=1/>"],
    ["invalid character reference", "<a>&#0;</a>"],
    ["no root", "<!-- only a comment -->"],
    ["truncated", "<feed><entry><id>http://arxiv.org/abs/2101.9"],
  ])("rejects %s", (_name, input) => {
    expect(() => parseXml(input)).toThrow(XmlParseError);
  });

  it("refuses absurd nesting", () => {
    expect(() => parseXml("<a>".repeat(300) + "</a>".repeat(300))).toThrow(/nested too deeply/);
  });
});
