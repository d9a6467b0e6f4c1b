import { X509Certificate } from 'node:crypto';

export interface CertificateInfo {
  pem: string;
  subject: string;
  validTo: string;
}

/** Reads a certificate given as PEM or as bare base64 (as in metadata); null when it is not one. */
export function readCertificate(text: string): CertificateInfo | null {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  try {
    const certificate = new X509Certificate(Buffer.from(body, 'base64'));
    const lines = body.match(/.{1,64}/g)!.join('\n');
    return {
      pem: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----`,
      subject: certificate.subject.replace(/\n/g, ', '),
      validTo: new Date(certificate.validTo).toISOString(),
    };
  } catch {
    return null;
  }
}
