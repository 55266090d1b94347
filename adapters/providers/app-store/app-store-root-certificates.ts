import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The root certificates App Store notifications must chain to, as DER (what Apple's
 * `SignedDataVerifier` takes), from files in DER or PEM (a PEM file may hold several). A path that
 * cannot be read or holds no certificate stops the start: a misconfigured root would otherwise refuse
 * every sale silently.
 */
export const readRootCertificates = (paths: readonly string[]): Buffer[] =>
  paths.flatMap((path) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw new Error(`APP_STORE_ROOT_CERTS: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`);
    }
    const pem = bytes.toString('latin1').match(PEM_BLOCK);
    const candidates = pem ? pem.map((block) => Buffer.from(block)) : [bytes];
    return candidates.map((candidate) => {
      try {
        return new X509Certificate(candidate).raw;
      } catch {
        throw new Error(`APP_STORE_ROOT_CERTS: ${path} is not a certificate in DER or PEM form`);
      }
    });
  });
