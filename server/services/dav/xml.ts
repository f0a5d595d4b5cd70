// WebDAV's XML: request bodies parsed into namespace-resolved elements, and the pieces replies
// are written from. fast-xml-parser reads the text; namespaces (which it leaves as prefixes) are
// resolved here, since every DAV element is known by its namespace, never by its prefix.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { errors } from '../../errors.ts'

export const DAV_NS = 'DAV:'
/** How deep a request body's elements may nest: no DAV body needs more than a few levels. */
export const MAX_XML_DEPTH = 100

export interface XmlElement {
  ns: string
  local: string
  /** Attributes other than namespace declarations, by local name (prefixed ones by "{ns}local"). */
  attrs: Record<string, string>
  children: XmlNode[]
}
export type XmlNode = XmlElement | string

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Decoded here instead (decodeEntities), in one pass: the parser leaves character references.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Kept apart from text: its content is literal, no entity in it to decode.
  cdataPropName: '#cdata',
  // A backstop past our own count (resolve): the parser stops a deeper body before it is built.
  maxNestedTags: MAX_XML_DEPTH,
})

type Raw = Record<string, unknown>

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
/** XML's five entities and character references (&#65536;, &#x10000;), in one pass; anything else stays. */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref]!
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** Parses a request body (already size-capped); malformed XML or an undeclared prefix is a 400. */
export function parseXml(text: string): XmlElement {
  // No DTDs: nothing a WebDAV body needs, and entity expansion is a way to blow memory up.
  if (/<!DOCTYPE/i.test(text)) throw errors.badRequest('XML bodies must not carry a DOCTYPE')
  if (XMLValidator.validate(text) !== true) throw errors.badRequest('The XML body is not well-formed')
  let nodes: Raw[]
  try {
    nodes = parser.parse(text) as Raw[]
  } catch (err) {
    // The validator passed it, so what the parser refuses is its nesting cap (or a body it cannot read).
    if (err instanceof Error && /nested/i.test(err.message)) throw errors.davXmlTooDeep(MAX_XML_DEPTH)
    throw errors.badRequest('The XML body is not well-formed')
  }
  const roots = nodes
    .map((n) => resolve(n, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]), '', 1))
    .filter((n): n is XmlElement => typeof n !== 'string')
  if (roots.length !== 1) throw errors.badRequest('The XML body must have one root element')
  return roots[0]!
}

function resolve(raw: Raw, prefixes: Map<string, string>, defaultNs: string, level: number): XmlNode {
  if ('#text' in raw) return decodeEntities(String(raw['#text']))
  if ('#cdata' in raw) return ((raw['#cdata'] ?? []) as Raw[]).map((t) => String(t['#text'] ?? '')).join('')
  const name = Object.keys(raw).find((k) => k !== ':@')!
  if (level > MAX_XML_DEPTH) throw errors.davXmlTooDeep(MAX_XML_DEPTH)
  const rawAttrs = (raw[':@'] ?? {}) as Record<string, string>
  let scope = prefixes
  let ns = defaultNs
  for (const [key, raw] of Object.entries(rawAttrs)) {
    const value = decodeEntities(raw)
    if (key === 'xmlns') ns = value
    else if (key.startsWith('xmlns:')) {
      // Namespaces in XML 1.0: a prefix cannot be bound to the empty name.
      if (value === '')
        throw errors.badRequest(`The XML body declares the prefix "${key.slice(6)}" with an empty namespace`)
      if (scope === prefixes) scope = new Map(prefixes)
      scope.set(key.slice(6), value)
    }
  }
  const childDefault = ns
  const lookup = (qname: string, forAttribute: boolean): { ns: string; local: string } => {
    const colon = qname.indexOf(':')
    if (colon < 0) return { ns: forAttribute ? '' : childDefault, local: qname }
    const uri = scope.get(qname.slice(0, colon))
    if (uri === undefined) throw errors.badRequest(`The XML body uses the undeclared prefix "${qname.slice(0, colon)}"`)
    return { ns: uri, local: qname.slice(colon + 1) }
  }
  const element = lookup(name, false)
  const attrs: Record<string, string> = {}
  for (const [key, value] of Object.entries(rawAttrs)) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) continue
    const a = lookup(key, true)
    attrs[a.ns ? `{${a.ns}}${a.local}` : a.local] = decodeEntities(value)
  }
  const children = ((raw[name] ?? []) as Raw[]).map((c) => resolve(c, scope, childDefault, level + 1))
  return { ns: element.ns, local: element.local, attrs, children }
}

/** The child elements (text between them dropped). */
export const elements = (e: XmlElement): XmlElement[] =>
  e.children.filter((c): c is XmlElement => typeof c !== 'string')
export const isDav = (e: XmlElement, local: string) => e.ns === DAV_NS && e.local === local
export const davChild = (e: XmlElement, local: string) => elements(e).find((c) => isDav(c, local))
/** "{ns}local": one string per property name, the empty namespace included. */
export const clark = (e: { ns: string; local: string }) => `{${e.ns}}${e.local}`
export function fromClark(name: string): { ns: string; local: string } {
  const end = name.indexOf('}')
  return { ns: name.slice(1, end), local: name.slice(end + 1) }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/**
 * An element's content as XML that stands on its own: each element declares its namespace as
 * the default where it differs from its parent's, so the text keeps its meaning wherever it is
 * written later (a dead property's value, a lock's owner).
 */
export function innerXml(e: XmlElement): string {
  return e.children.map((c) => (typeof c === 'string' ? escapeXml(c) : outerXml(c, e.ns))).join('')
}

function outerXml(e: XmlElement, parentNs: string): string {
  let attrs = e.ns === parentNs ? '' : ` xmlns="${escapeXml(e.ns)}"`
  let n = 0
  for (const [key, value] of Object.entries(e.attrs)) {
    if (key.startsWith('{')) {
      const { ns, local } = fromClark(key)
      attrs += ` xmlns:a${n}="${escapeXml(ns)}" a${n}:${local}="${escapeXml(value)}"`
      n++
    } else attrs += ` ${key}="${escapeXml(value)}"`
  }
  const inner = innerXml(e)
  return inner ? `<${e.local}${attrs}>${inner}</${e.local}>` : `<${e.local}${attrs}/>`
}

/** A property element in its own namespace, around a value written by innerXml (or ours). */
export const propertyXml = (name: string, value: string) => {
  const { ns, local } = fromClark(name)
  return value ? `<${local} xmlns="${escapeXml(ns)}">${value}</${local}>` : `<${local} xmlns="${escapeXml(ns)}"/>`
}

/**
 * The RFC 4918 error body: one precondition element. A condition of ours (in Clark notation,
 * "{ns}local") is written in its own namespace, since DAV: only holds the RFC's.
 */
export function errorBody(condition: string, href?: string): string {
  const open = '<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:">'
  if (condition.startsWith('{')) return `${open}${propertyXml(condition, '')}</D:error>`
  return `${open}${href ? `<D:${condition}><D:href>${escapeXml(href)}</D:href></D:${condition}>` : `<D:${condition}/>`}</D:error>`
}

/** Reads a request's XML body, at most `max` bytes (413 past it); undefined when it is empty. */
export async function readXmlBody(source: AsyncIterable<Buffer>, max: number): Promise<XmlElement | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of source) {
    size += chunk.length
    if (size > max) throw errors.davXmlTooLarge(max)
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text.trim() ? parseXml(text) : undefined
}
