import { useId } from "react";
import { vipUi } from "./messages";

/** A native file input (keyboard-focusable, visually hidden) drawn as a Persian button with the chosen name. */
export function FilePicker({
  label,
  accept,
  file,
  onChange,
  error,
}: {
  label: string;
  accept: string;
  file: File | null;
  onChange(file: File | null): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <span className="ui-field__label" id={`${id}-label`}>
        {label}
      </span>
      <input
        id={id}
        className="visually-hidden ui-file-input"
        type="file"
        accept={accept}
        aria-labelledby={`${id}-label`}
        aria-invalid={!!error || undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <span className="ui-file-pick">
        <label htmlFor={id} className="ui-button ui-button--outline ui-button--sm">
          {vipUi.upload.choose}
        </label>
        <small className="vip-muted">{file ? <bdi dir="ltr">{file.name}</bdi> : vipUi.upload.none}</small>
      </span>
      {error && (
        <span className="ui-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
