import type { FileProvenance, OtherVersion } from "../../../contract/getpdf";
import { getpdfUi } from "./messages";
import { httpUrl } from "../../../lib/link-url";

const t = getpdfUi.provenance;

/** "cc-by-nc" → "CC BY NC"; an URL or another name as given. */
function licenseName(license: string): string {
  // "cc-by-nc", "CC BY 4.0" and the licence's own address (http or https, creativecommons.org/licenses/by/4.0/).
  const cc = /^(?:https?:\/\/creativecommons\.org\/licenses\/|cc[-_ ]?)(by(?:[-_ ](?:nc|sa|nd))*)(?:[/ ]([\d.]+))?\/?$/i.exec(license.trim());
  if (cc) return `CC ${cc[1]!.toUpperCase().replace(/[-_]/g, " ")}${cc[2] ? ` ${cc[2]}` : ""}`;
  if (/^cc0$|publicdomain\/zero/i.test(license)) return "CC0";
  return license;
}

/** One line on the served file: how it was verified, its version, licence and host. */
export function ProvenanceLine({ provenance }: { provenance: FileProvenance | null | undefined }) {
  if (!provenance) return null;
  const parts = [
    provenance.verified ? t.verified[provenance.verified] : t.unknownCheck,
    provenance.version ? t.versions[provenance.version] : null,
    provenance.license ? t.license(licenseName(provenance.license)) : t.noLicense,
  ].filter(Boolean);
  return (
    <p className="getpdf-provenance" data-verified={provenance.verified ?? "none"}>
      <span className="getpdf-provenance__label">{t.label}: </span>
      {parts.join(" · ")}
      {provenance.host && (
        <>
          {" · "}
          {t.host} <bdi dir="ltr">{provenance.host}</bdi>
        </>
      )}
    </p>
  );
}

/** The manuscript (or other version) a source also named, offered as the source's own link. */
export function OtherVersionOffer({ other }: { other: OtherVersion | null | undefined }) {
  if (!other) return null;
  return (
    <p className="getpdf-other-version">
      {t.otherVersion(t.versions[other.version] ?? other.version)}{" "}
      <a href={httpUrl(other.url) ?? undefined} target="_blank" rel="noopener noreferrer">
        <bdi dir="ltr">{other.host}</bdi>
      </a>
    </p>
  );
}
