/**
 * A small, strict XML parser for upstream feeds (arXiv's Atom). Workers have
 * no DOMParser, and the feeds we read are small, so a tree is fine.
 *
 * Handles elements, attributes, namespaces, text, CDATA, comments, processing
 * instructions and a DOCTYPE (skipped). Only the predefined and numeric
 * entities are expanded: entities declared in a DOCTYPE are not, so an entity
 * bomb cannot blow up memory. Malformed input throws XmlParseError.
 */

export interface XmlElement {
  /** Qualified name as written, e.g. "arxiv:doi". */
  name: string;
  /** Local part, e.g. "doi". */
  local: string;
  /** Namespace URI, or null. */
  ns: string | null;
  /** Attributes by qualified name, entity-decoded. */
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export class XmlParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
    this.name = "XmlParseError";
  }
}

const MAX_DEPTH = 256;
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const NAME = /^[A-Za-z_:][-A-Za-z0-9_.:\u00b7\u00c0-\uffff]*$/;

export function parseXml(input: string): XmlElement {
  const s = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let i = 0;
  let root: XmlElement | null = null;
  const stack: { el: XmlElement; scope: Map<string, string> }[] = [];
  const baseScope = new Map<string, string>([["xml", XML_NS]]);

  const fail = (msg: string, at = i): never => {
    throw new XmlParseError(msg, at);
  };
  const scopeOf = () => stack[stack.length - 1]?.scope ?? baseScope;
  const appendText = (text: string) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (text.trim() !== "") fail("text outside the root element");
      return;
    }
    const last = top.el.children[top.el.children.length - 1];
    if (typeof last === "string") top.el.children[top.el.children.length - 1] = last + text;
    else top.el.children.push(text);
  };

  while (i < s.length) {
    const lt = s.indexOf("<", i);
    if (lt === -1) {
      appendText(decodeXmlEntities(s.slice(i), i));
      break;
    }
    if (lt > i) appendText(decodeXmlEntities(s.slice(i, lt), i));
    i = lt;

    if (s.startsWith("<!--", i)) {
      const end = s.indexOf("-->", i + 4);
      if (end === -1) fail("unterminated comment");
      i = end + 3;
    } else if (s.startsWith("<![CDATA[", i)) {
      const end = s.indexOf("]]>", i + 9);
      if (end === -1) fail("unterminated CDATA section");
      if (stack.length === 0) fail("CDATA outside the root element");
      appendText(s.slice(i + 9, end));
      i = end + 3;
    } else if (s.startsWith("<?", i)) {
      const end = s.indexOf("?>", i + 2);
      if (end === -1) fail("unterminated processing instruction");
      i = end + 2;
    } else if (s.startsWith("<!DOCTYPE", i)) {
      if (root || stack.length) fail("DOCTYPE after the root element");
      i = skipDoctype(s, i, fail);
    } else if (s.startsWith("</", i)) {
      const end = s.indexOf(">", i + 2);
      if (end === -1) fail("unterminated end tag");
      const name = s.slice(i + 2, end).trim();
      const top = stack.pop();
      if (!top) fail(`end tag </${name}> without a start tag`);
      if (top!.el.name !== name) fail(`end tag </${name}> does not match <${top!.el.name}>`);
      i = end + 1;
    } else {
      i = readStartTag(i);
    }
  }
  if (stack.length) fail(`unclosed element <${stack[stack.length - 1]!.el.name}>`, s.length);
  if (!root) fail("no root element", s.length);
  return root!;

  function readStartTag(start: number): number {
    let j = start + 1;
    const nameMatch = /^[^\s/>]+/.exec(s.slice(j, j + 512));
    if (!nameMatch || !NAME.test(nameMatch[0])) return fail("invalid tag name", j);
    const name = nameMatch[0];
    j += name.length;
    const rawAttrs: [string, string][] = [];
    for (;;) {
      const ws = /^\s*/.exec(s.slice(j, j + 4096))![0];
      j += ws.length;
      if (j >= s.length) return fail(`unterminated start tag <${name}>`, start);
      if (s[j] === ">" || s.startsWith("/>", j)) break;
      if (ws.length === 0) return fail(`missing space before attribute in <${name}>`, j);
      const attr = /^([^\s=/>]+)\s*=\s*/.exec(s.slice(j, j + 1024));
      if (!attr || !NAME.test(attr[1]!)) return fail(`malformed attribute in <${name}>`, j);
      j += attr[0].length;
      const quote = s[j];
      if (quote !== '"' && quote !== "'") return fail(`unquoted attribute value in <${name}>`, j);
      const close = s.indexOf(quote, j + 1);
      if (close === -1) return fail(`unterminated attribute value in <${name}>`, j);
      const rawValue = s.slice(j + 1, close);
      if (rawValue.includes("<")) return fail(`"<" in attribute value of <${name}>`, j);
      if (rawAttrs.some(([k]) => k === attr[1])) return fail(`duplicate attribute ${attr[1]} in <${name}>`, j);
      rawAttrs.push([attr[1]!, decodeXmlEntities(rawValue, j).replace(/[\t\n\r]/g, " ")]);
      j = close + 1;
    }
    const selfClosing = s[j] === "/";
    j += selfClosing ? 2 : 1;

    const scope = new Map(scopeOf());
    const attrs: Record<string, string> = {};
    for (const [k, v] of rawAttrs) {
      if (k === "xmlns") scope.set("", v);
      else if (k.startsWith("xmlns:")) scope.set(k.slice(6), v);
      attrs[k] = v;
    }
    const colon = name.indexOf(":");
    const prefix = colon === -1 ? "" : name.slice(0, colon);
    const local = colon === -1 ? name : name.slice(colon + 1);
    const ns = scope.get(prefix) ?? null;
    if (prefix && ns === null) return fail(`undeclared namespace prefix "${prefix}"`, start);
    const el: XmlElement = { name, local, ns: ns === "" ? null : ns, attrs, children: [] };

    const parent = stack[stack.length - 1];
    if (parent) parent.el.children.push(el);
    else if (root) return fail("more than one root element", start);
    else root = el;
    if (!selfClosing) {
      if (stack.length >= MAX_DEPTH) return fail("elements nested too deeply", start);
      stack.push({ el, scope });
    }
    return j;
  }
}

function skipDoctype(s: string, start: number, fail: (msg: string, at?: number) => never): number {
  let j = start + 9;
  let inSubset = false;
  while (j < s.length) {
    const c = s[j];
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, j + 1);
      if (close === -1) break;
      j = close + 1;
      continue;
    }
    if (c === "[") inSubset = true;
    else if (c === "]") inSubset = false;
    else if (c === ">" && !inSubset) return j + 1;
    j++;
  }
  return fail("unterminated DOCTYPE", start);
}

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlEntities(text: string, offset: number): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&\s]{0,32});?/g, (whole, ent: string) => {
    if (!whole.endsWith(";")) throw new XmlParseError("bare '&' in text", offset);
    if (ent.startsWith("#x") || ent.startsWith("#X")) return codePoint(Number.parseInt(ent.slice(2), 16), ent, offset);
    if (ent.startsWith("#")) return codePoint(Number.parseInt(ent.slice(1), 10), ent, offset);
    const v = PREDEFINED[ent];
    // Entities declared in a DOCTYPE are left as written rather than expanded.
    return v ?? whole;
  });
}

function codePoint(code: number, ent: string, offset: number): string {
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    throw new XmlParseError(`invalid character reference &${ent};`, offset);
  }
  return String.fromCodePoint(code);
}

// ---------------------------------------------------------------------------
// Navigation helpers

export function childElements(el: XmlElement, local?: string, ns?: string | null): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== "string" && (local === undefined || c.local === local) && (ns === undefined || c.ns === ns));
}

export function firstChild(el: XmlElement, local: string, ns?: string | null): XmlElement | null {
  return childElements(el, local, ns)[0] ?? null;
}

/** All text inside an element, in document order. */
export function textContent(el: XmlElement): string {
  let out = "";
  for (const c of el.children) out += typeof c === "string" ? c : textContent(c);
  return out;
}

/** Trimmed text of the first matching child with whitespace collapsed, or null. */
export function childText(el: XmlElement, local: string, ns?: string | null): string | null {
  const c = firstChild(el, local, ns);
  if (!c) return null;
  const t = textContent(c).replace(/\s+/g, " ").trim();
  return t === "" ? null : t;
}
