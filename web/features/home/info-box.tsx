import { Icon } from "../../components/ui/icon";
import { homeMessages as m } from "./messages";

/** The home page's introduction for everyone who is not a university user. */
export function InfoBox() {
  return (
    <section className="card home-box info-box" aria-labelledby="info-box-title">
      <h2 id="info-box-title" className="info-box__title">
        {m.info.heading}
      </h2>
      <p className="home-box__text">{m.info.text}</p>
      <ul className="info-box__points">
        {m.info.points.map((p) => (
          <li key={p}>
            <Icon name="check" size={18} />
            {p}
          </li>
        ))}
      </ul>
    </section>
  );
}
