import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export class XmlRefused extends Error {}

/**
 * Parses a document from a third party. A DOCTYPE is refused outright: neither SAML
 * metadata nor CAS answers need one, and it is how entity-expansion attacks start.
 */
export function parseForeignXml(text: string): Document {
  if (/<!DOCTYPE/i.test(text)) throw new XmlRefused('doctype');
  try {
    return new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new XmlRefused(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    throw new XmlRefused('malformed');
  }
}

export function childrenNS(parent: Document | Element, namespace: string, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(namespace, localName));
}

export function textOf(element: Element | undefined): string {
  return element?.textContent?.trim() ?? '';
}
