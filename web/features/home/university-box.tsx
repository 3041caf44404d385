import { useState } from "react";
import type { UniversityInfo } from "../../../contract/user-info";
import { Alert } from "../../components/ui/alert";
import { Icon } from "../../components/ui/icon";
import { homeMessages as m } from "./messages";

/** The accesses to list: new_access (key and description) when given, otherwise access keys with our labels. */
function universityAccessList(info: UniversityInfo): string[] {
  if (info.new_access?.length) return info.new_access.map((a) => a.description || m.university.access[a.key] || m.university.access.standard_download!);
  return info.access.map((key) => m.university.access[key] ?? key);
}

/** For users of a contracted university or organisation: its name, logo and accessible sources, with the sharing warning. */
export function UniversityBox({ info }: { info: UniversityInfo }) {
  const accesses = universityAccessList(info);
  // A missing or broken logo falls back to a neutral mark rather than a broken image.
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <section className="card home-box university-box" aria-labelledby="university-box-title">
      <div className="university-box__head">
        {info.logo && !logoFailed ? (
          <img
            className="university-box__logo"
            src={info.logo}
            alt={m.university.logoAlt(info.name)}
            width={56}
            height={56}
            onError={() => setLogoFailed(true)}
          />
        ) : (
          <span className="university-box__logo university-box__logo--empty" aria-hidden="true">
            <Icon name="building" size={30} />
          </span>
        )}
        <div>
          <h2 id="university-box-title" className="home-box__title">
            {m.university.heading(info.name)}
          </h2>
          <p className="home-box__text">{m.university.intro}</p>
        </div>
      </div>
      <ul className="university-box__access">
        {accesses.map((a) => (
          <li key={a}>
            <Icon name="check" size={18} />
            {a}
          </li>
        ))}
      </ul>
      <Alert tone="warning">{m.university.warning}</Alert>
    </section>
  );
}
